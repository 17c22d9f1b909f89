// The ZPL viewer in one call: read the ZPL at a printer's density and label size, pick the labels asked for, draw them as png, pdf or json.
import {
  ZPL_NOMINAL_DPI,
  ZPL_VIEW_CONTENT_TYPES,
  type ZplLabelSize,
  type ZplQuality,
  type ZplRotation,
  type ZplViewAnswer,
  type ZplViewFormat,
} from '../api/zplViewer';
import { zplPagePlacement, type ZplPageRequest } from '../api/zplViewerPages';
import { emitPdfPages } from '../emit/pdf/emitPdf';
import { emitPngOfSize } from '../emit/png/emitPng';
import { MAX_RASTER_PIXELS } from '../emit/png/rasterize';
import { AppError, asRenderFailure, BadRequestError } from '../errors';
import type { FontRegistry } from '../fonts/fontRegistry';
import { rotateLabel } from './rotateLabel';
import { readZpl } from '../read/zpl/readZpl';
import type { ZplWarning } from '../read/zpl/zplField';
import { RenderPixels } from './renderPixels';

export interface ZplRenderOptions extends ZplLabelSize {
  /** 0-based label to draw; undefined: every label (png: only when the input holds exactly one). */
  index?: number;
  format: ZplViewFormat;
  /** Clockwise turn of the drawn output (png and pdf; json is as read). */
  rotation: ZplRotation;
  /** X-Quality of a PNG (default bitonal: printer dots). */
  quality?: ZplQuality;
  /** The X-Page-* headers of a PDF: labels N-up on paper pages; undefined: a page a label, the label's size. */
  pages?: ZplPageRequest;
  fonts: FontRegistry;
  /** The team the graphics are read for: decoded graphics are shared only within it (ZplReadOptions.cacheScope). */
  cacheScope?: string;
}

export interface RenderedZpl {
  bytes: Uint8Array;
  contentType: string;
  warnings: ZplWarning[];
  /** Labels (^XA…^XZ formats) in the input. */
  totalCount: number;
  /** Labels in the answer: each counts as a render. */
  labelCount: number;
}

/** An index past the input's labels: 404, as a page that does not exist; details carry the count for X-Total-Count. */
export class LabelIndexError extends AppError {
  constructor(index: number, totalCount: number) {
    super(
      'NOT_FOUND',
      404,
      `label ${index} does not exist: the input holds ${totalCount} label${totalCount === 1 ? '' : 's'}, numbered from 0`,
      { totalCount },
    );
  }
}

const encoder = new TextEncoder();

/**
 * Reads `zpl` and draws what was asked. Throws BadRequestError (a PNG of several labels without an index, no label
 * at all, a raster over the pixel limit, decoded graphics over the budget), LabelIndexError, or RenderError.
 */
export async function renderZpl(zpl: string, options: ZplRenderOptions): Promise<RenderedZpl> {
  const {
    dpmm,
    widthDots,
    heightDots,
    index,
    format,
    rotation,
    quality = 'bitonal',
    pages,
    fonts,
    cacheScope,
  } = options;
  if (format === 'png' && widthDots * heightDots > MAX_RASTER_PIXELS) {
    throw new BadRequestError(
      `a ${widthDots} x ${heightDots} dot PNG is over the limit of ${MAX_RASTER_PIXELS / 1e6} million pixels: ask for application/pdf, or a smaller size or density`,
    );
  }
  // One render's pixel budget for the whole input: the graphics the reader decodes, then the raster and its images.
  const pixels = new RenderPixels();
  const read = readZpl(zpl, {
    dpmm,
    widthDots,
    heightDots,
    budget: pixels.budget,
    fonts,
    ...(cacheScope === undefined ? {} : { cacheScope }),
  });
  const totalCount = read.labels.length;
  if (index !== undefined && index >= totalCount) throw new LabelIndexError(index, totalCount);
  const chosen = read.labels.flatMap((label, at) =>
    index === undefined || at === index ? [{ ...label, index: at }] : [],
  );
  // The count goes with these errors too, for X-Total-Count.
  if (format === 'png' && chosen.length > 1) {
    throw new BadRequestError(
      `the input holds ${chosen.length} labels and a PNG shows one: add the label's index to the URL (…/0/ for the first) or ask for application/pdf`,
      { totalCount },
    );
  }
  if (format !== 'json' && chosen.length === 0)
    throw new BadRequestError('the input holds no label (^XA…^XZ)', { totalCount });
  const answer = {
    contentType: ZPL_VIEW_CONTENT_TYPES[format],
    warnings: read.warnings,
    totalCount,
    labelCount: chosen.length,
  };
  if (format === 'json') {
    const body: ZplViewAnswer = {
      totalCount,
      labels: chosen.map(({ label, quantity, fieldNumbers, index: at }) => ({
        index: at,
        quantity,
        fieldNumbers,
        width: label.width,
        height: label.height,
        mirror: label.mirror === true,
        elements: label.elements as unknown as Record<string, unknown>[],
      })),
      warnings: read.warnings,
    };
    return { ...answer, bytes: encoder.encode(JSON.stringify(body)) };
  }
  try {
    const dpi = ZPL_NOMINAL_DPI[dpmm];
    if (format === 'pdf') {
      // Pages of the size asked for in inches (812 dots at 203 dpi is 4 in; the reader's points are 1/203.2 in a dot).
      const page = { width: (widthDots * 72) / dpi, height: (heightDots * 72) / dpi };
      const drawn = chosen.map(({ label }) => rotateLabel({ ...label, ...page }, rotation));
      // On paper pages, each label sits in a cell of its size as drawn (a quarter turn swaps its sides).
      const sheet = pages && drawn[0] ? zplPagePlacement(pages, drawn[0]) : undefined;
      return {
        ...answer,
        bytes: await emitPdfPages(sheet ? drawn.map((label) => ({ ...label, sheet })) : drawn, fonts),
      };
    }
    const [width, height] = rotation % 180 === 0 ? [widthDots, heightDots] : [heightDots, widthDots];
    const [only] = chosen;
    if (only === undefined) throw new Error('unreachable: a PNG of no label was refused above');
    // Bitonal: a printer's view, every pixel a dot, inked or not (and without antialiasing resvg draws faster).
    return {
      ...answer,
      bytes: await emitPngOfSize(rotateLabel(only.label, rotation), fonts, {
        width,
        height,
        dpi,
        pixels,
        printerDots: quality === 'bitonal',
        ...(cacheScope === undefined ? {} : { cacheScope }),
      }),
    };
  } catch (error) {
    throw asRenderFailure(error);
  }
}
