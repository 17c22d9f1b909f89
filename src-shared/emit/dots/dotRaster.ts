// A label's printer dots held as 1-bit PNG scanlines (filter byte, then 8 dots a byte, 1 paper and 0 a dot), with the few ways elements paint them.
import { DOT_SCANLINES, pngOfScanlines } from '../png/encodePng';

/**
 * What an element does to the dots it covers: ink them, paper them (a white shape), invert them (a reversed ^FR field
 * over black and white), or leave them (a black field composited by difference changes nothing).
 */
export type DotPaint = 'ink' | 'paper' | 'invert' | 'none';

/** Where drawers put dots: the label's raster, or a reversed element's coverage layer (reversedLayer.ts). */
export interface DotCanvas {
  readonly width: number;
  readonly height: number;
  fillRect(x0: number, y0: number, x1: number, y1: number, paint: DotPaint): void;
  paintMask(mask: DotMask, left: number, top: number, paint: DotPaint): void;
}

/** Covered dots of a drawn piece (a glyph, a graphic), packed as the raster is but 1 = covered, rows `stride` bytes. */
export interface DotMask {
  width: number;
  height: number;
  stride: number;
  bits: Uint8Array;
}

/** One byte's bits under `mask` painted. */
export function paintByte(rows: Uint8Array, at: number, mask: number, paint: DotPaint): void {
  if (paint === 'ink') rows[at] = (rows[at] ?? 0) & ~mask;
  else if (paint === 'paper') rows[at] = (rows[at] ?? 0) | mask;
  else if (paint === 'invert') rows[at] = (rows[at] ?? 0) ^ mask;
}

export class DotRaster implements DotCanvas {
  readonly stride: number;
  /** PNG scanlines as they are deflated: drawing writes the rows, encoding adds nothing per dot. */
  readonly rows: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.stride = Math.ceil(width / 8) + 1;
    this.rows = new Uint8Array(this.stride * height).fill(0xff);
    // Each row's filter byte: 0, none.
    for (let at = 0; at < this.rows.length; at += this.stride) this.rows[at] = 0;
  }

  /** Whether the dot at x, y is inked. */
  inked(x: number, y: number): boolean {
    return (((this.rows[y * this.stride + 1 + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1) === 0;
  }

  /** Paints the dots x0 <= x < x1, y0 <= y < y1 (whole dots; cut to the raster). */
  fillRect(x0: number, y0: number, x1: number, y1: number, paint: DotPaint): void {
    const [left, right] = [Math.max(0, x0), Math.min(this.width, x1)];
    const [top, bottom] = [Math.max(0, y0), Math.min(this.height, y1)];
    if (paint === 'none' || left >= right || top >= bottom) return;
    const firstByte = left >> 3;
    const lastByte = (right - 1) >> 3;
    const firstMask = 0xff >> (left & 7);
    const lastMask = (0xff << (7 - ((right - 1) & 7))) & 0xff;
    for (let y = top; y < bottom; y++) {
      const row = y * this.stride + 1;
      if (firstByte === lastByte) {
        paintByte(this.rows, row + firstByte, firstMask & lastMask, paint);
        continue;
      }
      paintByte(this.rows, row + firstByte, firstMask, paint);
      if (paint === 'invert')
        for (let at = row + firstByte + 1; at < row + lastByte; at++) this.rows[at] = (this.rows[at] ?? 0) ^ 0xff;
      else if (lastByte > firstByte + 1)
        this.rows.fill(paint === 'ink' ? 0 : 0xff, row + firstByte + 1, row + lastByte);
      paintByte(this.rows, row + lastByte, lastMask, paint);
    }
  }

  /** Paints the dots a mask covers, its top-left at `left`, `top` (cut to the raster). */
  paintMask(mask: DotMask, left: number, top: number, paint: DotPaint): void {
    if (paint === 'none') return;
    const rowBytes = this.stride - 1;
    const shift = left & 7;
    for (let my = Math.max(0, -top); my < mask.height; my++) {
      const y = top + my;
      if (y >= this.height) break;
      const row = y * this.stride + 1;
      const maskRow = my * mask.stride;
      for (let mb = 0; mb < mask.stride; mb++) {
        const bits = mask.bits[maskRow + mb] ?? 0;
        if (bits === 0) continue;
        const x = left + mb * 8;
        if (x < 0 || x + 8 > this.width) {
          // At the raster's edges, dot by dot: nothing may land past the width, where the next row begins.
          for (let bit = 0; bit < 8; bit++) {
            const dotX = x + bit;
            if ((bits & (0x80 >> bit)) !== 0 && dotX >= 0 && dotX < this.width)
              paintByte(this.rows, row + (dotX >> 3), 0x80 >> (dotX & 7), paint);
          }
          continue;
        }
        const at = row + (x >> 3);
        paintByte(this.rows, at, bits >> shift, paint);
        if (shift !== 0 && (x >> 3) + 1 < rowBytes) paintByte(this.rows, at + 1, (bits << (8 - shift)) & 0xff, paint);
      }
    }
  }

  /** Papers every dot outside the box (^PW's printed band), in whole dots. */
  keepOnly(x0: number, y0: number, x1: number, y1: number): void {
    this.fillRect(0, 0, this.width, y0, 'paper');
    this.fillRect(0, y1, this.width, this.height, 'paper');
    this.fillRect(0, y0, x0, y1, 'paper');
    this.fillRect(x1, y0, this.width, y1, 'paper');
  }

  /** Flips every row left to right (^PMY). Dot by dot: mirrored labels are rare and this stays simple. */
  mirror(): void {
    const row = new Uint8Array(this.stride);
    for (let y = 0; y < this.height; y++) {
      const start = y * this.stride;
      row.fill(0xff);
      row[0] = 0;
      for (let x = 0; x < this.width; x++) {
        if (this.inked(this.width - 1 - x, y)) row[1 + (x >> 3)] = (row[1 + (x >> 3)] ?? 0) & ~(0x80 >> (x & 7));
      }
      this.rows.set(row, start);
    }
  }

  /** The dots as a 1-bit greyscale PNG with `dpi` recorded. */
  png(dpi: number): Uint8Array {
    return pngOfScanlines(this.rows, { width: this.width, height: this.height, ...DOT_SCANLINES, dpi });
  }
}
