// A render worker's last raster of each template it draws as a PNG, with the laid-out label it shows and its PNG: bounded in count and bytes, least recently used dropped first.
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import type { Template } from '../../model/template';
import type { Scanlines } from './encodePng';
import type { RasterImage } from './rasterize';

/** A raster, the label it is exactly the pixels of, and its PNG (its scanlines, and the file). */
export interface KeptRaster {
  label: LaidOutLabel;
  raster: RasterImage;
  scanlines: Scanlines;
  png: Uint8Array;
}

/**
 * A conveyor's labels of one template differ in a few texts: the next label redraws only them over the last raster
 * (emit/png/rasterPatch.ts). 16 rasters and 64 MB a worker: a 4x6 label at 203 dpi keeps 4 MB of RGBA, up to 3 MB of
 * scanlines and its PNG (about 7 MB in all, nine of them); one at 600 dpi (35 MB of RGBA alone) is not kept.
 */
export const KEPT_RASTERS = 16;
export const KEPT_RASTER_BYTES = 64 * 1024 * 1024;

export class KeptRasters {
  /** In order of use, the least recent first. */
  private readonly entries = new Map<string, KeptRaster>();
  /** A number for each parsed template seen: its key here, without hashing it again (see keyOf). */
  private readonly templateIds = new WeakMap<Template, number>();
  private nextTemplateId = 1;
  private keptBytes = 0;

  constructor(
    readonly maxEntries = KEPT_RASTERS,
    readonly maxBytes = KEPT_RASTER_BYTES,
  ) {}

  /**
   * The key of a template's rasters for a team at a dpi and size. A render worker's TemplateCache gives every render
   * of the same template text the same frozen Template (kept by the SHA-256 of that text), so the object stands for the
   * text's hash; a template parsed anew gets a new key, and at worst finds nothing.
   */
  keyOf(scope: string, template: Template, dpi: number, width: number, height: number): string {
    let id = this.templateIds.get(template);
    if (id === undefined) this.templateIds.set(template, (id = this.nextTemplateId++));
    // A team id holds no NUL, so no two (team, template, size) share a key.
    return `${scope}\0${id}\0${dpi}\0${width}x${height}`;
  }

  /** The raster kept under `key`, taken out: the render redraws parts of it in place and keeps it again when done. */
  take(key: string): KeptRaster | undefined {
    const kept = this.entries.get(key);
    if (kept === undefined) return undefined;
    this.entries.delete(key);
    this.keptBytes -= bytesOf(kept);
    return kept;
  }

  /** Keeps `kept` under `key` (as the most recent), dropping the least recently used past either bound. */
  keep(key: string, kept: KeptRaster): void {
    this.take(key);
    if (bytesOf(kept) > this.maxBytes) return;
    this.entries.set(key, kept);
    this.keptBytes += bytesOf(kept);
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.keptBytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.keptBytes -= bytesOf(entry);
    }
  }

  /** How many rasters and bytes are kept: what tests read to see the bounds hold. */
  get size(): { rasters: number; bytes: number } {
    return { rasters: this.entries.size, bytes: this.keptBytes };
  }
}

/** The memory a kept raster holds: its pixels, its scanlines and its PNG (the label is shared with the render). */
function bytesOf({ raster, scanlines, png }: KeptRaster): number {
  const { count, from, to } = scanlines.coloured;
  return (
    raster.rgba.byteLength +
    scanlines.rows.byteLength +
    count.byteLength +
    from.byteLength +
    to.byteLength +
    png.byteLength
  );
}
