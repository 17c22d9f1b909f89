// The whole engine in one call: validate the template, lay it out with the data, write the requested format.
import { emitHtml } from '../emit/html/emitHtml';
import { emitPdf } from '../emit/pdf/emitPdf';
import { emitPng } from '../emit/png/emitPng';
import type { KeptRasters } from '../emit/png/keptRasters';
import { MAX_RASTER_PIXELS } from '../emit/png/rasterize';
import { emitZpl } from '../emit/zpl/emitZpl';
import { zplRotationWarnings } from '../emit/zpl/zplWarnings';
import type { ZplFontMode } from '../emit/zpl/zplFontDownloads';
import { asRenderFailure, BadRequestError } from '../errors';
import type { ExpressionEnv } from '../expr';
import type { FontRegistry } from '../fonts/fontRegistry';
import type { LaidOutLabel, RenderWarning } from '../layout/laidOutLabel';
import { designWarnings } from '../layout/designWarnings';
import { layoutLabel } from '../layout/layoutLabel';
import { parseTemplate, type Template } from '../model/template';
import { isPlainObject } from './batchPlan';
import { lengthUnitOf } from '../units/length';
import type { ImageCache } from './imageCache';
import { RenderPixels } from './renderPixels';
import type { TemplateCache } from './templateCache';
import { CONTENT_TYPES, DEFAULT_ZPL_DPI, layoutDpi, PNG_DPI, type OutputFormat, type ZplDpi } from './outputFormats';
import { pointsToDots, toPoints } from '../units/length';

export interface RenderOptions {
  format: OutputFormat;
  /** PNG resolution, 50..600; default 300. Also the resolution pdf and html are laid out for (see layoutDpi). */
  dpi?: number;
  /** ZPL printer resolution; default 203. */
  zplDpi?: ZplDpi;
  /** How ZPL prints texts in the template's fonts: 'graphic' (default) or 'download' (the printer setting fonts). */
  zplFonts?: ZplFontMode;
  fonts: FontRegistry;
  env?: ExpressionEnv;
  /** The printer's unprintable margin at every edge, in points (print jobs); design warnings flag what reaches into it. */
  unprintableMargin?: number;
  /** PDF of a template with a sheet: the 1-based cell of the first sheet the first label takes; default 1. */
  sheetStart?: number;
  /** The process's cache of decoded images (a render worker's); without one the images are decoded at every render. */
  images?: ImageCache;
  /** The process's validated templates (a render worker's); without one the template is validated at every render. */
  templates?: TemplateCache;
  /** Whose renders may share the PDF font files and the glyph outlines and coverages of rasters: the team. */
  cacheScope?: string;
  /** The process's last PNG raster of each template (a render worker's): a PNG redraws only what its data changed. */
  rasters?: KeptRasters;
}

export interface RenderedOutput {
  bytes: Uint8Array;
  contentType: string;
  warnings: RenderWarning[];
}

/**
 * The label's layout warnings, its design warnings for the render's target (lengths in the template's unit) and, in
 * ZPL, the elements printed as graphics for their angle.
 */
export function labelWarnings(label: LaidOutLabel, options: RenderOptions, template: Template): RenderWarning[] {
  const design = designWarnings(label, options.fonts, {
    targetDpi: layoutDpi(options),
    unprintableMargin: options.unprintableMargin,
    unit: lengthUnitOf(template.dimensions.width),
  });
  // An element ZPL has no field for prints as a graphic of it, which only a ZPL render warns of.
  const rotated = options.format === 'zpl' ? zplRotationWarnings(label) : [];
  return design.length + rotated.length === 0 ? label.warnings : [...label.warnings, ...rotated, ...design];
}

/** A PNG too large to make is the request's fault (size x dpi), answered before any work as a bad request. */
function assertPngSize(template: Template, dpi: number): void {
  const [width, height] = [template.dimensions.width, template.dimensions.height].map((side) =>
    Math.round(pointsToDots(toPoints(side), dpi)),
  );
  if ((width ?? 0) * (height ?? 0) > MAX_RASTER_PIXELS) {
    throw new BadRequestError(
      `a ${width} x ${height} pixel PNG is over the limit of ${MAX_RASTER_PIXELS / 1e6} million pixels: lower the dpi`,
    );
  }
}

async function emit(
  label: LaidOutLabel,
  template: Template,
  options: RenderOptions,
  pixels: RenderPixels,
): Promise<Uint8Array> {
  switch (options.format) {
    case 'pdf':
      return emitPdf(label, options.fonts, {
        sheetStart: options.sheetStart,
        pixels,
        ...(options.cacheScope === undefined ? {} : { cacheScope: options.cacheScope }),
      });
    case 'png': {
      const dpi = options.dpi ?? PNG_DPI.default;
      const { rasters } = options;
      // Keyed by the label's size in points: the pixels follow from it and the dpi.
      const key = rasters?.keyOf(options.cacheScope ?? '', template, dpi, label.width, label.height);
      return emitPng(label, options.fonts, {
        dpi,
        pixels,
        ...(rasters && key !== undefined ? { kept: { rasters, key } } : {}),
        ...(options.cacheScope === undefined ? {} : { cacheScope: options.cacheScope }),
      });
    }
    case 'zpl':
      return new TextEncoder().encode(
        emitZpl(label, options.fonts, {
          dpi: options.zplDpi ?? DEFAULT_ZPL_DPI,
          pixels,
          fontMode: options.zplFonts ?? 'graphic',
          ...(options.cacheScope === undefined ? {} : { cacheScope: options.cacheScope }),
        }),
      );
    case 'html':
      return new TextEncoder().encode(await emitHtml(label, options.fonts));
  }
}

/**
 * The checks every render makes before any layout: the dpi, the template (validated once, however many labels; once a
 * process with a TemplateCache), and a PNG's pixel budget. Shared with renderLabels so a batch answers exactly like a single label.
 */
export function prepareTemplate(templateInput: unknown, options: RenderOptions): Template {
  const dpi = options.dpi ?? PNG_DPI.default;
  if (!Number.isFinite(dpi) || dpi < PNG_DPI.min || dpi > PNG_DPI.max) {
    throw new BadRequestError(`dpi must be between ${PNG_DPI.min} and ${PNG_DPI.max}`);
  }
  const template = options.templates ? options.templates.parse(templateInput) : parseTemplate(templateInput);
  if (options.format === 'png') assertPngSize(template, dpi);
  return template;
}

/**
 * Renders unknown template JSON with data. Throws InvalidTemplateError (bad template), BadRequestError (bad data or
 * options) or RenderError (the data cannot be drawn, e.g. a value its barcode cannot encode).
 */
export async function renderLabel(
  templateInput: unknown,
  data: unknown,
  options: RenderOptions,
): Promise<RenderedOutput> {
  if (!isPlainObject(data)) throw new BadRequestError('data must be a JSON object');
  const template = prepareTemplate(templateInput, options);
  try {
    // One budget from the first image read to the last raster (RENDER_PIXEL_BUDGET).
    const pixels = new RenderPixels(undefined, options.images);
    const label = layoutLabel(template, data, { ...options, pixels, targetDpi: layoutDpi(options) });
    const bytes = await emit(label, template, options, pixels);
    return { bytes, contentType: CONTENT_TYPES[options.format], warnings: labelWarnings(label, options, template) };
  } catch (error) {
    throw asRenderFailure(error);
  }
}
