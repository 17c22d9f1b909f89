// Zebra's ZB64 download encodings (:B64: base64, :Z64: zlib then base64) with their CRC, inflated within a byte limit.
import { Unzlib } from 'fflate';
import type { GraphicReport, PixelCharge } from './graphicDecoding';

const ZB64_HEADER = /^:(B64|Z64):/i;

/** Whether download data is in a ZB64 encoding rather than ASCII hex or binary. */
export function isZb64(data: string): boolean {
  return ZB64_HEADER.test(data);
}

/**
 * The CRC Zebra appends to ZB64 data: CRC-16 with polynomial 0x1021, initial value 0, no reflection and no final XOR
 * (the variant also called CRC-16/XMODEM), over the base64 text's ASCII bytes. It matches a published Z64 graphic's
 * CRC, where CRC-16/CCITT-FALSE (initial value 0xFFFF) does not.
 */
export function zb64Crc(text: string): number {
  let crc = 0;
  // A byte at a time through the table (every ZPL graphic text's Z64 field passes here).
  for (let i = 0; i < text.length; i++)
    crc = ((crc << 8) & 0xffff) ^ (CRC_TABLE[((crc >> 8) ^ text.charCodeAt(i)) & 0xff] ?? 0);
  return crc;
}

/** The CRC register after shifting eight bits of 0x1021 feedback through each top byte: the bit-at-a-time loop's steps. */
const CRC_TABLE = Uint16Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 8;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  return crc;
});

/**
 * Compressed bytes given to the inflater at once. Deflate expands at most about 1032 times, so one slice makes at most
 * about 1 MB before the limit is checked; smaller slices cost more per byte (64 measured 3x slower than 1024).
 */
const INFLATE_SLICE = 1024;

/**
 * The bytes of `:B64:data:crc` or `:Z64:data:crc`, at most `maxBytes` of them. Printers treat a CRC that does not match
 * as an aborted download, and so does this: the object is refused (undefined) with a warning. A missing CRC is
 * reported and the data used. Z64 output is charged to `budget` as `maxBytes` before anything is inflated, and the
 * inflater is fed small slices and stopped once the output passes `maxBytes`, so a few bytes that would inflate to
 * gigabytes cost at most the declared size.
 */
export function decodeZb64(
  data: string,
  maxBytes: number,
  budget: PixelCharge,
  what: string,
  report: GraphicReport,
): Uint8Array | undefined {
  const header = ZB64_HEADER.exec(data);
  if (!header) throw new Error('not ZB64 data');
  const kind = (header[1] as string).toUpperCase();
  const [payload = '', crc] = data.slice(header[0].length).replace(/\s+/g, '').split(':');
  if (crc === undefined || crc === '') {
    report('ZPL_GRAPHIC_CRC', `the ${kind} data has no CRC; it was used unchecked`);
  } else if (!/^[0-9A-F]{4}$/i.test(crc) || Number.parseInt(crc, 16) !== zb64Crc(payload)) {
    const expected = zb64Crc(payload).toString(16).toUpperCase().padStart(4, '0');
    report(
      'ZPL_GRAPHIC_CRC',
      `the ${kind} data's CRC is ${crc}, the data gives ${expected}: a printer discards it, so it is not drawn`,
    );
    return undefined;
  }
  let compressed: Uint8Array;
  try {
    compressed = base64Bytes(payload);
  } catch {
    report('ZPL_GRAPHIC_DATA', `the ${kind} data is not valid base64`);
    return undefined;
  }
  if (kind === 'B64') return fitted(compressed, maxBytes, kind, report);
  budget.charge(maxBytes, `${what} (Z64 data inflated)`);
  return inflateWithin(compressed, maxBytes, report);
}

function base64Bytes(text: string): Uint8Array {
  // atob rather than Buffer: this runs in the editor too. It throws on characters outside the alphabet.
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function fitted(bytes: Uint8Array, maxBytes: number, kind: string, report: GraphicReport): Uint8Array {
  if (bytes.length > maxBytes) {
    report(
      'ZPL_GRAPHIC_SIZE',
      `the ${kind} data holds ${bytes.length} bytes, more than the declared ${maxBytes}; the rest was ignored`,
    );
    return bytes.subarray(0, maxBytes);
  }
  if (bytes.length < maxBytes)
    report('ZPL_GRAPHIC_SIZE', `the ${kind} data holds ${bytes.length} of the declared ${maxBytes} bytes`);
  return bytes;
}

function inflateWithin(compressed: Uint8Array, maxBytes: number, report: GraphicReport): Uint8Array | undefined {
  const out = new Uint8Array(maxBytes);
  let length = 0;
  let overflow = false;
  let ended = false;
  const inflater = new Unzlib((chunk, final) => {
    const room = maxBytes - length;
    if (chunk.length > room) overflow = true;
    out.set(chunk.subarray(0, room), length);
    length += Math.min(room, chunk.length);
    if (final) ended = true;
  });
  try {
    for (let offset = 0; offset < compressed.length && !overflow; offset += INFLATE_SLICE) {
      inflater.push(compressed.subarray(offset, offset + INFLATE_SLICE), offset + INFLATE_SLICE >= compressed.length);
    }
  } catch {
    report('ZPL_GRAPHIC_DATA', 'the Z64 data is not valid zlib-compressed data');
    return undefined;
  }
  if (overflow) {
    report('ZPL_GRAPHIC_SIZE', `the Z64 data inflates past the declared ${maxBytes} bytes; inflating stopped there`);
  } else if (!ended) {
    report('ZPL_GRAPHIC_DATA', `the Z64 data is cut short; ${length} of the declared ${maxBytes} bytes were recovered`);
  } else if (length < maxBytes) {
    report('ZPL_GRAPHIC_SIZE', `the Z64 data inflates to ${length} of the declared ${maxBytes} bytes`);
  }
  return out.subarray(0, length);
}
