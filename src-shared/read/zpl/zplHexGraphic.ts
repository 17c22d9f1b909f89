// Decodes ZPL's ASCII hex graphic data, with its compression (run counts, ',' '!' ':'), into rows of packed bytes.
import { runCountOf } from '../../emit/zpl/zplGraphic';
import type { GraphicReport } from './graphicDecoding';

const COMMA = 0x2c;
const BANG = 0x21;
const COLON = 0x3a;

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  return -1;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * `rows` rows of `bytesPerRow` bytes from ASCII hex in ZPL compression: G..Y and g..z in front of a digit repeat it
 * (their counts add up), ',' ends the row in white, '!' ends it in black, ':' repeats the previous row. Nothing is
 * written past the declared rows (the caller has charged exactly that size): more data is ignored, less leaves the
 * rest white, and each is reported.
 */
export function decodeZplHex(data: string, bytesPerRow: number, rows: number, report: GraphicReport): Uint8Array {
  const out = new Uint8Array(bytesPerRow * rows);
  const rowNibbles = bytesPerRow * 2;
  let row = 0;
  let nibble = 0;
  let count = 0;
  let index = 0;
  let invalid = 0;

  const endRow = (): void => {
    row++;
    nibble = 0;
  };
  /** Writes `times` copies of a digit from the current position, crossing rows as a stream would. */
  const put = (value: number, times: number): void => {
    for (let left = times; left > 0 && row < rows; left--) {
      const at = row * bytesPerRow + (nibble >> 1);
      if (value !== 0) out[at] = (out[at] ?? 0) | (nibble & 1 ? value : value << 4);
      if (++nibble === rowNibbles) endRow();
    }
  };

  for (; index < data.length && row < rows; index++) {
    const code = data.charCodeAt(index);
    const value = hexValue(code);
    if (value >= 0) {
      put(value, Math.max(count, 1));
      count = 0;
      continue;
    }
    const run = runCountOf(code);
    if (run > 0) {
      count += run;
      continue;
    }
    count = 0;
    if (code === COMMA) {
      endRow();
    } else if (code === BANG) {
      put(0xf, rowNibbles - nibble);
    } else if (code === COLON) {
      // The rest of this row (all of it, at a row's start) as in the row above; the first row has white above it.
      if (row > 0) {
        const at = row * bytesPerRow + (nibble >> 1);
        const written = out[at] ?? 0;
        out.copyWithin(at, at - bytesPerRow, row * bytesPerRow);
        // Mid-byte: the high digit was already written on this row.
        if (nibble & 1) out[at] = (written & 0xf0) | ((out[at] ?? 0) & 0x0f);
      }
      endRow();
    } else if (!isSpace(code)) {
      invalid++;
    }
  }

  if (invalid > 0)
    report('ZPL_GRAPHIC_DATA', `${invalid} character(s) that are neither hex digits nor ZPL compression were ignored`);
  const rest = data.slice(index).trim();
  if (row >= rows && rest.length > 0) {
    report(
      'ZPL_GRAPHIC_SIZE',
      `the data goes on past the declared ${bytesPerRow * rows} bytes; ${rest.length} character(s) were ignored`,
    );
  } else if (row < rows) {
    const got = row * bytesPerRow + (nibble >> 1);
    report(
      'ZPL_GRAPHIC_SIZE',
      `the data ends after ${got} of the declared ${bytesPerRow * rows} bytes; the rest is left white`,
    );
  }
  return out;
}
