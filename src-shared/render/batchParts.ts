// A batch's parts, its PNG zip and its pieces joined: what the render pool's own process needs of a batch, without the
// renderer (the layout engine and the emitters run in the render workers).
import { zipSync, type Zippable } from 'fflate';
import type { LabelData } from '../layout/layoutLabel';
import type { LaidOutLabel, RenderWarning } from '../layout/laidOutLabel';
import type { ZplFontMode } from '../emit/zpl/zplFontDownloads';
import type { BatchPlan } from './batchPlan';
import type { OutputFormat } from './outputFormats';

/** A warning of one record's label, with that record's number. */
export interface BatchWarning extends RenderWarning {
  /** 1-based, as operators count rows and as --range takes them. */
  record: number;
}

/** Zip entries get a fixed time like the PDF's creation date: the same batch gives the same bytes. */
const FIXED_ZIP_TIME = new Date(Date.UTC(2000, 0, 1));

/** One PNG per label, stored (level 0: PNG is already deflated) as label-0001.png, ... in label order. */
function zipPngs(pngs: readonly Uint8Array[]): Uint8Array {
  const files: Zippable = {};
  pngs.forEach((png, index) => {
    files[`label-${String(index + 1).padStart(4, '0')}.png`] = png;
  });
  return zipSync(files, { level: 0, mtime: FIXED_ZIP_TIME });
}

/** Records of a batch rendered together: one step of the render pool, which yields to other teams' renders between parts. */
export interface BatchPart {
  records: readonly LabelData[];
  /** Copies of each record. */
  quantities: readonly number[];
  /** The number of the part's first record, 1-based as its source numbers them (warnings and errors name records by it). */
  firstRecord: number;
  /** Labels of the batch before this part (counter() numbers labels across the whole batch). */
  firstLabel: number;
}

/** One laid-out label (a PNG: its raster) and how many copies of it the document holds. */
export interface PartLabel {
  label?: LaidOutLabel;
  png?: Uint8Array;
  copies: number;
}

export interface RenderedPart {
  /** Its labels, for the batch's assembly; none when the part wrote its own `document`. */
  labels: PartLabel[];
  warnings: BatchWarning[];
  /**
   * The part's piece of the batch's document, written by the worker that laid it out (see writesInParts): the batch's
   * document is its parts' pieces in order, and no laid-out label crosses to another thread.
   */
  document?: Uint8Array;
}

/** Splits a planned batch into parts of at most `recordsPerPart` records, in record order. */
export function splitBatch(plan: BatchPlan, recordsPerPart: number): BatchPart[] {
  const parts: BatchPart[] = [];
  let firstLabel = 0;
  for (let first = 0; first < plan.records.length; first += recordsPerPart) {
    const quantities = plan.quantities.slice(first, first + recordsPerPart);
    parts.push({
      records: plan.records.slice(first, first + recordsPerPart),
      quantities,
      firstRecord: plan.firstNumber + first,
      firstLabel,
    });
    firstLabel += quantities.reduce((sum, quantity) => sum + quantity, 0);
  }
  return parts;
}

/**
 * Whether each part of a batch writes its own piece of the document (RenderedPart.document), the batch's document being
 * the pieces in order: ZPL, whose labels are formats one after another, each written from its own label alone. Not
 * with fonts: "download", whose document starts with the characters of every label. A render pool's worker then
 * writes the labels it laid out: no laid-out label goes to another thread to be written.
 */
export function writesInParts(options: { format: OutputFormat; zplFonts?: ZplFontMode }): boolean {
  return options.format === 'zpl' && options.zplFonts !== 'download';
}

export function withCopies(labels: readonly PartLabel[]): PartLabel[] {
  return labels.flatMap((entry) => Array.from({ length: entry.copies }, () => entry));
}

/** A PNG batch's zip from its parts' rasters, in order: no fonts needed, so the render pool makes it itself. */
export function zipBatchPngs(labels: readonly PartLabel[]): Uint8Array {
  return zipPngs(withCopies(labels).map((entry) => entry.png ?? new Uint8Array()));
}
