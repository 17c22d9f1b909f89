// Many labels in one document: one template validated once, one label per record (times its quantity), in record order.
import { zipSync, type Zippable } from 'fflate';
import { emitHtmlPages } from '../emit/html/emitHtml';
import { emitPdfPages } from '../emit/pdf/emitPdf';
import { emitPng } from '../emit/png/emitPng';
import { emitZplLabels } from '../emit/zpl/emitZpl';
import { AppError, RenderError } from '../errors';
import type { LaidOutLabel, RenderWarning } from '../layout/laidOutLabel';
import { layoutLabel } from '../layout/layoutLabel';
import { LayoutMemo } from '../layout/layoutMemo';
import { templateCounters } from '../model/templateCounters';
import { planBatch } from './batchPlan';
import { BATCH_PIXEL_BUDGET, PixelBudget } from './pixelBudget';
import { RenderPixels } from './renderPixels';
import { BATCH_CONTENT_TYPES, DEFAULT_ZPL_DPI, PNG_DPI } from './outputFormats';
import { asRenderFailure, prepareTemplate, type RenderOptions } from './renderLabel';

export interface BatchOptions extends RenderOptions {
  /** The record field holding its number of copies; without it every record prints once. */
  quantityField?: string;
  /** Called after each record's labels are done (laid out; for PNG also rasterised) with labels done and the batch's total. */
  onProgress?: (done: number, total: number) => void;
}

/** A warning of one record's label, with that record's index. */
export interface BatchWarning extends RenderWarning {
  record: number;
}

export interface RenderedBatch {
  bytes: Uint8Array;
  contentType: string;
  warnings: BatchWarning[];
  /** Labels in the output: records times their quantities. */
  labelCount: number;
}

/** Zip entries get a fixed time like the PDF's creation date: the same batch gives the same bytes. */
const FIXED_ZIP_TIME = new Date(Date.UTC(2000, 0, 1));

/** The options of the label at `labelIndex` in the batch, for counter(); the real clock when none is given, as layoutLabel's default. */
function withLabelIndex<T extends RenderOptions>(options: T, labelIndex: number): T {
  return { ...options, env: { now: () => new Date(), ...options.env, labelIndex } };
}

/** The failure of one record, its message prefixed with the record's path so a 1,000-record batch says which one. */
function inRecord(index: number, error: unknown): AppError {
  const failure = asRenderFailure(error);
  const message = `records[${index}]: ${failure.message}`;
  if (failure instanceof RenderError) return new RenderError(message, failure.elementId);
  return new AppError(failure.code, failure.status, message, failure.details);
}

/** One PNG per label, stored (level 0: PNG is already deflated) as label-0001.png, ... in label order. */
function zipPngs(pngs: readonly Uint8Array[]): Uint8Array {
  const files: Zippable = {};
  pngs.forEach((png, index) => {
    files[`label-${String(index + 1).padStart(4, '0')}.png`] = png;
  });
  return zipSync(files, { level: 0, mtime: FIXED_ZIP_TIME });
}

/**
 * Renders unknown template JSON with each record of `records`. Throws like renderLabel, BadRequestError for a bad batch
 * (records[i] named: not an object, a bad quantity, over the limits of BATCH_LIMITS) and errors of a record's label with
 * its path. Copies of a record are laid out (and rasterised) once.
 */
export async function renderLabels(templateInput: unknown, records: unknown, options: BatchOptions): Promise<RenderedBatch> {
  const plan = planBatch(records, options.quantityField);
  const template = prepareTemplate(templateInput, options);
  // Every label takes its own counter values, copies included: then each copy is laid out on its own.
  const numbersLabels = Object.keys(templateCounters(template).counters).length > 0;
  // Images are read once for the whole batch (BATCH_PIXEL_BUDGET); each label's PNG raster is charged to a render's budget of its own.
  const pixels = new RenderPixels(new PixelBudget(BATCH_PIXEL_BUDGET));
  const layoutOptions = { ...options, memo: new LayoutMemo(), pixels };
  const warnings: BatchWarning[] = [];
  const labels: LaidOutLabel[] = [];
  const pngs: Uint8Array[] = [];
  let done = 0;
  for (const [index, record] of plan.records.entries()) {
    const copies = plan.quantities[index] ?? 1;
    const layouts = numbersLabels ? copies : 1;
    try {
      for (let layout = 0; layout < layouts; layout++) {
        const label = layoutLabel(template, record, numbersLabels ? withLabelIndex(layoutOptions, done + layout) : layoutOptions);
        // Copies differ in their counter values at most: the first one's warnings speak for all.
        if (layout === 0) for (const warning of label.warnings) warnings.push({ ...warning, record: index });
        const png = options.format === 'png' ? await emitPng(label, options.fonts, { dpi: options.dpi ?? PNG_DPI.default }) : undefined;
        for (let copy = 0; copy < copies / layouts; copy++) {
          labels.push(label);
          if (png) pngs.push(png);
        }
      }
    } catch (error) {
      throw inRecord(index, error);
    }
    done += copies;
    options.onProgress?.(done, plan.labelCount);
  }
  let bytes: Uint8Array;
  try {
    bytes = await emitAll(labels, pngs, options, pixels);
  } catch (error) {
    throw asRenderFailure(error);
  }
  return { bytes, contentType: BATCH_CONTENT_TYPES[options.format], warnings, labelCount: plan.labelCount };
}

async function emitAll(labels: readonly LaidOutLabel[], pngs: readonly Uint8Array[], options: RenderOptions, pixels: RenderPixels): Promise<Uint8Array> {
  switch (options.format) {
    case 'pdf':
      return emitPdfPages(labels, options.fonts);
    case 'png':
      return zipPngs(pngs);
    case 'zpl':
      return new TextEncoder().encode(emitZplLabels(labels, options.fonts, { dpi: options.zplDpi ?? DEFAULT_ZPL_DPI, pixels }));
    case 'html':
      return new TextEncoder().encode(emitHtmlPages(labels, options.fonts));
  }
}
