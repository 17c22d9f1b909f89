// Subsets a TrueType (glyf) font by copying the raw bytes of the used glyphs and hinting tables: for PDF embedding,
// and with a character map and names as a font file of its own for printers that take fonts (ZPL ~DY).
//
// Why not fontkit's subsetter: it re-decodes every glyph and re-encodes the hinting programs value by value through
// its struct library, about 1 ms per face per document; this writes the same tables (the ones PDF requires of an
// embedded TrueType program: head hhea maxp loca glyf hmtx cvt fpgm prep) from slices of the parsed-once file.

/** Where each table lives in the file, and the few header fields a subset needs; read once per face. */
export interface TrueTypeSource {
  data: Uint8Array;
  tables: Map<string, Uint8Array>;
  numGlyphs: number;
  /** Glyph byte ranges in 'glyf': glyph g is [locaOffsets[g], locaOffsets[g + 1]). */
  locaOffsets: Uint32Array;
  advances: Uint16Array;
  leftSideBearings: Int16Array;
}

const REQUIRED_TABLES = ['head', 'hhea', 'maxp', 'loca', 'glyf', 'hmtx'];
const COPIED_TABLES = ['cvt ', 'fpgm', 'prep'];
/** A standalone font file also needs its names (a printer or reader tells fonts apart by them) and OS/2 metrics. */
const STANDALONE_TABLES = ['name', 'OS/2'];
/** 'post' version 3: no glyph names, which would number the original glyphs. */
const POST_VERSION_3 = 0x00030000;
const POST_HEADER_BYTES = 32;

// Composite glyph component flags (OpenType 'glyf' spec).
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Each table's bytes by tag, in directory order; undefined for anything but a TrueType-outline font file (CFF, collections). */
export function readTableDirectory(data: Uint8Array): Map<string, Uint8Array> | undefined {
  if (data.length < 12) return undefined;
  const file = view(data);
  const version = file.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565 /* 'true' */) return undefined;
  const tables = new Map<string, Uint8Array>();
  const numTables = file.getUint16(4);
  for (let index = 0; index < numTables; index++) {
    const record = 12 + index * 16;
    if (record + 16 > data.length) return undefined;
    const tag = String.fromCharCode(...data.subarray(record, record + 4));
    const offset = file.getUint32(record + 8);
    const length = file.getUint32(record + 12);
    if (offset + length > data.length) return undefined;
    tables.set(tag, data.subarray(offset, offset + length));
  }
  return tables;
}

/** Parses the table directory; undefined for anything but a plain TrueType-outline font (CFF, collections, variable). */
export function readTrueType(data: Uint8Array): TrueTypeSource | undefined {
  const tables = readTableDirectory(data);
  if (!tables) return undefined;
  // Variation data would be lost by copying the default outlines; leave such fonts to fontkit.
  if (!REQUIRED_TABLES.every((tag) => tables.has(tag)) || tables.has('gvar')) return undefined;
  const numGlyphs = view(tables.get('maxp')!).getUint16(4);
  const longLoca = view(tables.get('head')!).getInt16(50) === 1;
  const loca = view(tables.get('loca')!);
  if (loca.byteLength < (numGlyphs + 1) * (longLoca ? 4 : 2)) return undefined;
  const locaOffsets = new Uint32Array(numGlyphs + 1);
  for (let glyph = 0; glyph <= numGlyphs; glyph++)
    locaOffsets[glyph] = longLoca ? loca.getUint32(glyph * 4) : loca.getUint16(glyph * 2) * 2;
  const numberOfHMetrics = view(tables.get('hhea')!).getUint16(34);
  const hmtx = view(tables.get('hmtx')!);
  if (numberOfHMetrics < 1 || hmtx.byteLength < numberOfHMetrics * 4 + (numGlyphs - numberOfHMetrics) * 2)
    return undefined;
  const advances = new Uint16Array(numGlyphs);
  const leftSideBearings = new Int16Array(numGlyphs);
  for (let glyph = 0; glyph < numGlyphs; glyph++) {
    // Past numberOfHMetrics the advance repeats the last one and only bearings are listed.
    advances[glyph] = hmtx.getUint16(Math.min(glyph, numberOfHMetrics - 1) * 4);
    leftSideBearings[glyph] =
      glyph < numberOfHMetrics
        ? hmtx.getInt16(glyph * 4 + 2)
        : hmtx.getInt16(numberOfHMetrics * 4 + (glyph - numberOfHMetrics) * 2);
  }
  return { data, tables, numGlyphs, locaOffsets, advances, leftSideBearings };
}

function checksum(bytes: Uint8Array): number {
  const words = view(bytes);
  let sum = 0;
  const whole = bytes.length & ~3;
  for (let offset = 0; offset < whole; offset += 4) sum = (sum + words.getUint32(offset)) >>> 0;
  if (whole < bytes.length) {
    let last = 0;
    for (let offset = whole; offset < whole + 4; offset++) last = (last << 8) | (bytes[offset] ?? 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

/** A table's length rounded up to the 4-byte boundary the next one starts on. */
export function padded(length: number): number {
  return (length + 3) & ~3;
}

/** The same surface as fontkit's TTFSubset that pdfkit uses: includeGlyph() numbers glyphs in order of first use. */
export class TrueTypeSubset {
  private readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly source: TrueTypeSource) {
    // Glyph 0 (.notdef) stays glyph 0, as every TrueType font requires.
    this.includeGlyph(0);
  }

  /** The source glyph ids included so far, in subset order. */
  glyphIds(): readonly number[] {
    return this.glyphs;
  }

  includeGlyph(glyphId: number): number {
    let subsetId = this.mapping.get(glyphId);
    if (subsetId === undefined) {
      subsetId = this.glyphs.length;
      this.glyphs.push(glyphId);
      this.mapping.set(glyphId, subsetId);
    }
    return subsetId;
  }

  /**
   * A complete TrueType font holding the included glyphs (and the components of composite ones) in subset order. With
   * `cmap` (code point → subset glyph id) it is a font file of its own: characters mapped, names, OS/2 and 'post' kept.
   */
  encode(cmap?: ReadonlyMap<number, number>): Uint8Array {
    const { source } = this;
    const glyf = source.tables.get('glyf')!;
    const glyphData: Uint8Array[] = [];
    // The list grows while it is walked: composite glyphs include their components at the end.
    for (let index = 0; index < this.glyphs.length; index++) {
      const glyphId = this.glyphs[index] ?? 0;
      const start = glyphId < source.numGlyphs ? (source.locaOffsets[glyphId] ?? 0) : 0;
      const end = glyphId < source.numGlyphs ? (source.locaOffsets[glyphId + 1] ?? 0) : 0;
      let bytes = glyf.subarray(start, Math.max(start, end));
      if (bytes.length >= 10 && view(bytes).getInt16(0) < 0) bytes = this.remapComponents(bytes.slice());
      glyphData.push(bytes);
    }
    const count = glyphData.length;

    const glyfOut = new Uint8Array(glyphData.reduce((total, bytes) => total + padded(bytes.length), 0));
    const locaOut = new Uint8Array((count + 1) * 4);
    const locaView = view(locaOut);
    let offset = 0;
    glyphData.forEach((bytes, index) => {
      locaView.setUint32(index * 4, offset);
      glyfOut.set(bytes, offset);
      offset += padded(bytes.length);
    });
    locaView.setUint32(count * 4, offset);

    const hmtxOut = new Uint8Array(count * 4);
    const hmtxView = view(hmtxOut);
    this.glyphs.forEach((glyphId, index) => {
      hmtxView.setUint16(index * 4, source.advances[glyphId] ?? 0);
      hmtxView.setInt16(index * 4 + 2, source.leftSideBearings[glyphId] ?? 0);
    });

    const head = source.tables.get('head')!.slice();
    view(head).setUint32(8, 0); // checkSumAdjustment, set once the whole file is known
    view(head).setInt16(50, 1); // indexToLocFormat: long offsets
    const hhea = source.tables.get('hhea')!.slice();
    view(hhea).setUint16(34, count); // numberOfHMetrics
    const maxp = source.tables.get('maxp')!.slice();
    view(maxp).setUint16(4, count); // numGlyphs

    const tables = new Map<string, Uint8Array>([
      ['head', head],
      ['hhea', hhea],
      ['maxp', maxp],
      ['loca', locaOut],
      ['glyf', glyfOut],
      ['hmtx', hmtxOut],
    ]);
    for (const tag of [...COPIED_TABLES, ...(cmap ? STANDALONE_TABLES : [])]) {
      const table = source.tables.get(tag);
      if (table) tables.set(tag, table);
    }
    if (cmap) {
      tables.set('cmap', characterMap(cmap));
      const post = source.tables.get('post');
      if (post && post.length >= POST_HEADER_BYTES) {
        const header = post.slice(0, POST_HEADER_BYTES);
        view(header).setUint32(0, POST_VERSION_3);
        tables.set('post', header);
      }
    }
    return this.assemble(tables);
  }

  /** Rewrites the component glyph ids of a composite glyph (a copy) to subset ids. */
  private remapComponents(bytes: Uint8Array): Uint8Array {
    const glyph = view(bytes);
    let position = 10;
    for (;;) {
      if (position + 4 > bytes.length) break;
      const flags = glyph.getUint16(position);
      glyph.setUint16(position + 2, this.includeGlyph(glyph.getUint16(position + 2)));
      position += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
      if (flags & WE_HAVE_A_SCALE) position += 2;
      else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) position += 4;
      else if (flags & WE_HAVE_A_TWO_BY_TWO) position += 8;
      if (!(flags & MORE_COMPONENTS)) break;
    }
    return bytes;
  }

  /** The sfnt wrapper: offset table, table records sorted by tag, 4-byte aligned tables, and the head checksum. */
  private assemble(tables: Map<string, Uint8Array>): Uint8Array {
    const tags = [...tables.keys()].sort();
    const directoryLength = 12 + tags.length * 16;
    const font = new Uint8Array(
      directoryLength + tags.reduce((total, tag) => total + padded(tables.get(tag)!.length), 0),
    );
    const file = view(font);
    const power = 2 ** Math.floor(Math.log2(tags.length));
    file.setUint32(0, 0x00010000);
    file.setUint16(4, tags.length);
    file.setUint16(6, power * 16);
    file.setUint16(8, Math.log2(power));
    file.setUint16(10, tags.length * 16 - power * 16);
    let offset = directoryLength;
    let headOffset = 0;
    tags.forEach((tag, index) => {
      const table = tables.get(tag)!;
      const record = 12 + index * 16;
      for (let char = 0; char < 4; char++) font[record + char] = tag.charCodeAt(char);
      file.setUint32(record + 4, checksum(table));
      file.setUint32(record + 8, offset);
      file.setUint32(record + 12, table.length);
      font.set(table, offset);
      if (tag === 'head') headOffset = offset;
      offset += padded(table.length);
    });
    file.setUint32(headOffset + 8, (0xb1b0afba - checksum(font)) >>> 0);
    return font;
  }
}

/**
 * A 'cmap' table with one format 4 subtable (Unicode BMP), listed for Unicode (0/3) and Windows (3/1): code points
 * above U+FFFF are left out. Runs of consecutive code points with consecutive glyphs share a segment.
 */
function characterMap(map: ReadonlyMap<number, number>): Uint8Array {
  const points = [...map.keys()].filter((point) => point >= 0 && point < 0xffff).sort((a, b) => a - b);
  const segments: { start: number; end: number; delta: number }[] = [];
  for (const point of points) {
    const delta = ((map.get(point) ?? 0) - point) & 0xffff;
    const last = segments.at(-1);
    if (last && last.end === point - 1 && last.delta === delta) last.end = point;
    else segments.push({ start: point, end: point, delta });
  }
  // The required last segment maps U+FFFF to glyph 0.
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const count = segments.length;
  const subtableLength = 16 + count * 8;
  const table = new Uint8Array(20 + subtableLength);
  const out = view(table);
  out.setUint16(2, 2); // two encoding records, both pointing at the one subtable
  out.setUint16(4, 0);
  out.setUint16(6, 3);
  out.setUint32(8, 20);
  out.setUint16(12, 3);
  out.setUint16(14, 1);
  out.setUint32(16, 20);
  const searchRange = 2 * 2 ** Math.floor(Math.log2(count));
  const at = 20;
  out.setUint16(at, 4);
  out.setUint16(at + 2, subtableLength);
  out.setUint16(at + 6, count * 2);
  out.setUint16(at + 8, searchRange);
  out.setUint16(at + 10, Math.log2(searchRange / 2));
  out.setUint16(at + 12, count * 2 - searchRange);
  segments.forEach((segment, index) => {
    out.setUint16(at + 14 + index * 2, segment.end);
    out.setUint16(at + 16 + count * 2 + index * 2, segment.start);
    out.setUint16(at + 16 + count * 4 + index * 2, segment.delta);
    // idRangeOffset stays 0: the glyph is the code point plus the delta.
  });
  return table;
}
