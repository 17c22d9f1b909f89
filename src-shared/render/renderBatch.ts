// Many labels in one document: one template validated once, one label per record (times its quantity), in record order.
import { emitHtmlPages } from '../emit/html/emitHtml';
import { emitPdfPages } from '../emit/pdf/emitPdf';
import type { ImageCache } from './imageCache';
import { emitPng } from '../emit/png/emitPng';
import { emitZplLabels } from '../emit/zpl/emitZpl';
import { AppError, asRenderFailure, RenderError } from '../errors';
import type { LaidOutElement, LaidOutLabel } from '../layout/laidOutLabel';
import { layoutLabel } from '../layout/layoutLabel';
import { uniqueDesignWarnings } from '../layout/designWarnings';
import { LayoutMemo } from '../layout/layoutMemo';
import { templateCounters } from '../model/templateCounters';
import type { Template } from '../model/template';
import { planBatch } from './batchPlan';
import {
  withCopies,
  writesInParts,
  zipBatchPngs,
  type BatchPart,
  type BatchWarning,
  type PartLabel,
  type RenderedPart,
} from './batchParts';
import { BATCH_PIXEL_BUDGET, PixelBudget } from './pixelBudget';
import { RenderPixels } from './renderPixels';
import { BATCH_CONTENT_TYPES, DEFAULT_ZPL_DPI, layoutDpi, PNG_DPI, type OutputFormat } from './outputFormats';
import { labelWarnings, prepareTemplate, type RenderOptions } from './renderLabel';

export interface BatchOptions extends RenderOptions {
  /** The record field holding its number of copies; without it every record prints once. */
  quantityField?: string;
  /** The number of the first record in its source, 1-based (default 1): warnings and errors name records by it. */
  firstRecordNumber?: number;
  /** Called after each record's labels are done (laid out; for PNG also rasterised) with labels done and the batch's total. */
  onProgress?: (done: number, total: number) => void;
}

export interface RenderedBatch {
  bytes: Uint8Array;
  contentType: string;
  warnings: BatchWarning[];
  /** Labels in the output: records times their quantities. */
  labelCount: number;
}

/** The options of the label at `labelIndex` in the batch, for counter(); the real clock when none is given, as layoutLabel's default. */
function withLabelIndex<T extends RenderOptions>(options: T, labelIndex: number): T {
  return { ...options, env: { now: () => new Date(), ...options.env, labelIndex } };
}

/** The failure of one record, its message prefixed with the record's number so a 1,000-record batch says which one. */
function inRecord(number: number, error: unknown): AppError {
  const failure = asRenderFailure(error);
  const message = `record ${number}: ${failure.message}`;
  if (failure instanceof RenderError) {
    return new RenderError(message, failure.elementId, {
      code: failure.code,
      status: failure.status,
      details: { ...failure.details, reason: message },
    });
  }
  return new AppError(failure.code, failure.status, message, failure.details);
}

/**
 * What the parts of one batch in one process share: element layouts, the images read (charged once, see RenderPixels),
 * and the ZPL of each shared element (written once, see emitZplLabels).
 */
export interface BatchShared {
  memo: LayoutMemo;
  pixels: RenderPixels;
  zplWritten: WeakMap<LaidOutElement, string>;
}

/**
 * Images are read once for the whole batch (BATCH_PIXEL_BUDGET); each label's PNG raster is charged to a render's
 * budget of its own. `images`: the process's cache of decoded images, which outlives the batch (see RenderPixels).
 */
export function batchShared(images?: ImageCache): BatchShared {
  return {
    memo: new LayoutMemo(),
    pixels: new RenderPixels(new PixelBudget(BATCH_PIXEL_BUDGET), images),
    zplWritten: new WeakMap(),
  };
}

/**
 * Lays out (and for PNG rasterises) the labels of one part of a batch of a prepared template; when the batch
 * writesInParts, writes them too (the part's `document`, and no labels). `shared` is shared by the parts of one batch
 * that run in the same process. Errors of a record's label carry its path.
 */
export async function renderBatchPart(
  template: Template,
  part: BatchPart,
  options: BatchOptions & BatchShared,
): Promise<RenderedPart> {
  // Every label takes its own counter values, copies included: then each copy is laid out on its own.
  const numbersLabels = Object.keys(templateCounters(template).counters).length > 0;
  const warnings: BatchWarning[] = [];
  const labels: PartLabel[] = [];
  let done = part.firstLabel;
  for (const [offset, record] of part.records.entries()) {
    const number = part.firstRecord + offset;
    const copies = part.quantities[offset] ?? 1;
    const layouts = numbersLabels ? copies : 1;
    try {
      for (let layout = 0; layout < layouts; layout++) {
        const label = layoutLabel(template, record, {
          ...(numbersLabels ? withLabelIndex(options, done + layout) : options),
          warnMissingFields: true,
          targetDpi: layoutDpi(options),
        });
        // Copies differ in their counter values at most: the first one's warnings speak for all.
        if (layout === 0)
          for (const warning of labelWarnings(label, options, template)) warnings.push({ ...warning, record: number });
        const png =
          options.format === 'png'
            ? await emitPng(label, options.fonts, { dpi: options.dpi ?? PNG_DPI.default })
            : undefined;
        labels.push(png ? { png, copies: copies / layouts } : { label, copies: copies / layouts });
      }
    } catch (error) {
      throw inRecord(number, error);
    }
    done += copies;
    options.onProgress?.(done, part.firstLabel + part.quantities.reduce((sum, quantity) => sum + quantity, 0));
  }
  if (!writesInParts(options)) return { labels, warnings: uniqueDesignWarnings(warnings) };
  const document = await assembleBatch(labels, options, options.pixels, options.zplWritten);
  return { labels: [], warnings: uniqueDesignWarnings(warnings), document };
}

/** The batch's document from its parts' labels, in order: a zip of PNGs, or one pdf, zpl or html document. */
export async function assembleBatch(
  labels: readonly PartLabel[],
  options: RenderOptions,
  pixels = batchShared(options.images).pixels,
  zplWritten?: WeakMap<LaidOutElement, string>,
): Promise<Uint8Array> {
  const expanded = withCopies(labels);
  try {
    const { format } = options;
    if (format === 'png') return zipBatchPngs(labels);
    return await emitAll(
      expanded.map((entry) => {
        if (!entry.label) throw new Error('a batch part came back without its label');
        return entry.label;
      }),
      format,
      options,
      pixels,
      zplWritten,
    );
  } catch (error) {
    throw asRenderFailure(error);
  }
}

/**
 * Renders unknown template JSON with each record of `records`. Throws like renderLabel, BadRequestError for a bad batch
 * (records[i] named: not an object, a bad quantity, over the limits of BATCH_LIMITS) and errors of a record's label with
 * its path. Copies of a record are laid out (and rasterised) once.
 */
export async function renderLabels(
  templateInput: unknown,
  records: unknown,
  options: BatchOptions,
): Promise<RenderedBatch> {
  const plan = planBatch(records, options.quantityField, options.firstRecordNumber);
  const template = prepareTemplate(templateInput, options);
  const whole = { records: plan.records, quantities: plan.quantities, firstRecord: plan.firstNumber, firstLabel: 0 };
  const shared = batchShared();
  const { labels, warnings, document } = await renderBatchPart(template, whole, { ...options, ...shared });
  const bytes = document ?? (await assembleBatch(labels, options, shared.pixels));
  return { bytes, contentType: BATCH_CONTENT_TYPES[options.format], warnings, labelCount: plan.labelCount };
}

/** The document of every label of a pdf, zpl or html batch (a PNG batch is a zip instead). */
async function emitAll(
  labels: readonly LaidOutLabel[],
  format: Exclude<OutputFormat, 'png'>,
  options: RenderOptions,
  pixels: RenderPixels,
  zplWritten: WeakMap<LaidOutElement, string> | undefined,
): Promise<Uint8Array> {
  switch (format) {
    case 'pdf':
      return emitPdfPages(labels, options.fonts, {
        sheetStart: options.sheetStart,
        pixels,
        ...(options.cacheScope === undefined ? {} : { cacheScope: options.cacheScope }),
      });
    case 'zpl':
      return new TextEncoder().encode(
        emitZplLabels(labels, options.fonts, {
          dpi: options.zplDpi ?? DEFAULT_ZPL_DPI,
          pixels,
          fontMode: options.zplFonts ?? 'graphic',
          ...(zplWritten ? { written: zplWritten } : {}),
        }),
      );
    case 'html':
      return new TextEncoder().encode(await emitHtmlPages(labels, options.fonts));
  }
}
