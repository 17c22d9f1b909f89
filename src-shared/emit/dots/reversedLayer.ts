// A reversed (^FR) element's coverage, gathered before it inverts the label: where its own pieces overlap they invert once, as resvg's blended group does.
import { DotRaster, paintByte, type DotCanvas, type DotMask, type DotPaint } from './dotRaster';

/**
 * Collects every dot an element covers (any paint counts as covering), then paints them on the label in one pass.
 * One layer serves a render's reversed elements in turn: merging papers it again, over the rows it touched only.
 */
export class ReversedLayer implements DotCanvas {
  private readonly scratch: DotRaster;
  private top = Number.POSITIVE_INFINITY;
  private bottom = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.scratch = new DotRaster(width, height);
  }

  fillRect(x0: number, y0: number, x1: number, y1: number, paint: DotPaint): void {
    if (paint === 'none') return;
    this.touch(y0, y1);
    this.scratch.fillRect(x0, y0, x1, y1, 'ink');
  }

  paintMask(mask: DotMask, left: number, top: number, paint: DotPaint): void {
    if (paint === 'none') return;
    this.touch(top, top + mask.height);
    this.scratch.paintMask(mask, left, top, 'ink');
  }

  /** Paints what was gathered on `raster` with `paint`, then forgets it. */
  mergeInto(raster: DotRaster, paint: DotPaint): void {
    const { stride, rows } = this.scratch;
    for (let y = this.top; y < this.bottom; y++) {
      for (let at = y * stride + 1; at < (y + 1) * stride; at++) {
        const covered = ~(rows[at] ?? 0xff) & 0xff;
        if (covered === 0) continue;
        paintByte(raster.rows, at, covered, paint);
        rows[at] = 0xff;
      }
    }
    this.top = Number.POSITIVE_INFINITY;
    this.bottom = 0;
  }

  private touch(y0: number, y1: number): void {
    this.top = Math.max(0, Math.min(this.top, y0));
    this.bottom = Math.min(this.height, Math.max(this.bottom, y1));
  }
}
