// A render worker's last raster of each template it draws as a PNG, with the laid-out label it shows: bounded in count and pixels, least recently used dropped first.
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import type { Template } from '../../model/template';
import type { RasterImage } from './rasterize';

/** A raster and the label it is exactly the pixels of. */
export interface KeptRaster {
  label: LaidOutLabel;
  raster: RasterImage;
}

/**
 * A conveyor's labels of one template differ in a few texts: the next label redraws only them over the last raster
 * (emit/png/rasterPatch.ts). 16 rasters and 8 million pixels (32 MB of RGBA, eight 4x6 labels at 203 dpi, one at
 * 600 dpi) a worker; a raster larger than that is not kept.
 */
export const KEPT_RASTERS = 16;
export const KEPT_RASTER_PIXELS = 8_000_000;

export class KeptRasters {
  /** In order of use, the least recent first. */
  private readonly entries = new Map<string, KeptRaster>();
  /** A number for each parsed template seen: its key here, without hashing it again (see keyOf). */
  private readonly templateIds = new WeakMap<Template, number>();
  private nextTemplateId = 1;
  private keptPixels = 0;

  constructor(
    readonly maxEntries = KEPT_RASTERS,
    readonly maxPixels = KEPT_RASTER_PIXELS,
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
    this.keptPixels -= pixelsOf(kept);
    return kept;
  }

  /** Keeps `kept` under `key` (as the most recent), dropping the least recently used past either bound. */
  keep(key: string, kept: KeptRaster): void {
    this.take(key);
    if (pixelsOf(kept) > this.maxPixels) return;
    this.entries.set(key, kept);
    this.keptPixels += pixelsOf(kept);
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.keptPixels <= this.maxPixels) break;
      this.entries.delete(oldest);
      this.keptPixels -= pixelsOf(entry);
    }
  }

  /** How many rasters and pixels are kept: what tests read to see the bounds hold. */
  get size(): { rasters: number; pixels: number } {
    return { rasters: this.entries.size, pixels: this.keptPixels };
  }
}

function pixelsOf({ raster }: KeptRaster): number {
  return raster.width * raster.height;
}
