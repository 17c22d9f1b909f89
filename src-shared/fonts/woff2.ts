// Wraps a TrueType font file as WOFF2 (W3C WOFF 2.0): its tables untransformed, in one brotli stream from Node's zlib.
//
// Why not wawoff2 (Google's encoder in WebAssembly, which fontverter and subset-font use): it always compresses at
// brotli quality 11 and transforms 'glyf', about 30 ms for a 15 KB subset on this machine, twenty times the subsetting
// itself; a label's html pays it on every render whose texts differ. Its output is about 15% smaller. WOFF2 allows
// every table untransformed (transform version 3 for glyf and loca, 0 for the rest), which decoders, browsers among
// them, read like any other WOFF2; quality 9 costs about a millisecond and still beats WOFF's deflate.
import { brotliCompressSync, constants } from 'node:zlib';
import { padded, readTableDirectory } from './trueTypeSubset';

const SIGNATURE = 0x774f4632; // 'wOF2'
const HEADER_BYTES = 48;
/**
 * Brotli quality 10 and 11 switch to the slow optimal parser (15 to 20 times the time for 4% fewer bytes); quality 9
 * with a window over 64 KB takes a hasher whose set-up alone was 80 times the whole compression with this window.
 */
const QUALITY = 9;
const WINDOW_BITS = 16;
/** The spec's known tags, numbered by their position; 63 means the tag follows in the entry. */
const KNOWN_TAGS = [
  'cmap',
  'head',
  'hhea',
  'hmtx',
  'maxp',
  'name',
  'OS/2',
  'post',
  'cvt ',
  'fpgm',
  'glyf',
  'loca',
  'prep',
  'CFF ',
  'VORG',
  'EBDT',
  'EBLC',
  'gasp',
  'hdmx',
  'kern',
  'LTSH',
  'PCLT',
  'VDMX',
  'vhea',
  'vmtx',
  'BASE',
  'GDEF',
  'GPOS',
  'GSUB',
  'EBSC',
  'JSTF',
  'MATH',
  'CBDT',
  'CBLC',
  'COLR',
  'CPAL',
  'SVG ',
  'sbix',
  'acnt',
  'avar',
  'bdat',
  'bloc',
  'bsln',
  'cvar',
  'fdsc',
  'feat',
  'fmtx',
  'fvar',
  'gvar',
  'hsty',
  'just',
  'lcar',
  'mort',
  'morx',
  'opbd',
  'prop',
  'trak',
  'Zapf',
  'Silf',
  'Glat',
  'Gloc',
  'Feat',
  'Sill',
];
const ARBITRARY_TAG = 63;
/** Transform version 3 leaves glyf and loca as they are; version 0 would mean the glyf transform for them. */
const NULL_TRANSFORM_GLYF = 3 << 6;

/** The spec's UIntBase128: big-endian groups of 7 bits, the high bit set on all but the last byte. */
function base128(value: number): number[] {
  const bytes = [value & 0x7f];
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) bytes.unshift(0x80 | (rest & 0x7f));
  return bytes;
}

function tagBytes(tag: string): number[] {
  return [...tag].map((char) => char.charCodeAt(0));
}

/** The font as WOFF2, or undefined when it is not a TrueType font file. */
export function sfntToWoff2(sfnt: Uint8Array): Uint8Array | undefined {
  const tables = readTableDirectory(sfnt);
  if (!tables) return undefined;
  const directory: number[] = [];
  let totalSfntSize = 12 + 16 * tables.size;
  for (const [tag, data] of tables) {
    const known = KNOWN_TAGS.indexOf(tag);
    const transform = tag === 'glyf' || tag === 'loca' ? NULL_TRANSFORM_GLYF : 0;
    directory.push(
      transform | (known < 0 ? ARBITRARY_TAG : known),
      ...(known < 0 ? tagBytes(tag) : []),
      ...base128(data.length),
    );
    totalSfntSize += padded(data.length);
  }
  // The tables follow each other without padding in the stream; the decoder pads them again.
  const stream = Buffer.concat([...tables.values()]);
  const compressed = brotliCompressSync(stream, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_FONT,
      [constants.BROTLI_PARAM_QUALITY]: QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: stream.length,
    },
  });
  // The file ends on a 4-byte boundary: decoders round the end of the compressed data up before checking it.
  const length = padded(HEADER_BYTES + directory.length + compressed.length);
  const woff2 = new Uint8Array(length);
  const header = new DataView(woff2.buffer);
  header.setUint32(0, SIGNATURE);
  header.setUint32(4, new DataView(sfnt.buffer, sfnt.byteOffset, 4).getUint32(0));
  header.setUint32(8, length);
  header.setUint16(12, tables.size);
  header.setUint32(16, totalSfntSize);
  header.setUint32(20, compressed.length);
  header.setUint16(24, 1); // the font's version 1.0; no metadata or private block follows
  woff2.set(directory, HEADER_BYTES);
  woff2.set(compressed, HEADER_BYTES + directory.length);
  return woff2;
}
