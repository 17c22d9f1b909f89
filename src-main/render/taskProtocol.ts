// What crosses the process boundary between the render pool and its worker processes: steps, outcomes, and errors as plain data.
import { AppError, BadRequestError, InvalidTemplateError, RenderError, type ErrorDetail } from '@shared/errors';
import type { ZplLabelSize, ZplQuality, ZplRotation, ZplViewFormat } from '@shared/api/zplViewer';
import type { ZplPageRequest } from '@shared/api/zplViewerPages';
import type { RenderWarning } from '@shared/layout/laidOutLabel';
import type { ZplWarning } from '@shared/read/zpl/zplField';
import type { BatchPart, PartLabel, RenderedPart } from '@shared/render/batchParts';
import type { OutputFormat, ZplDpi } from '@shared/render/outputFormats';
import type { ZplFontMode } from '@shared/emit/zpl/zplFontDownloads';

export interface RenderJob {
  /** The template; left out of a step sent by templateKey to a worker that keeps it. */
  template: unknown;
  /**
   * A name no other template content ever has (a published version: its template's id and number; never a template
   * whose library images are put in before the render, since those can change under one version). Given, a worker
   * that has rendered it keeps it parsed under this name, and the pool sends only the name: no template to serialise,
   * copy, stringify and hash at each render. A worker that does not hold it asks for the content once.
   */
  templateKey?: string;
  /** One label's data; a batch sends records instead. */
  data?: unknown;
  /** A batch: one label per record (times its quantityField), in one document. */
  records?: unknown[];
  quantityField?: string;
  /** A batch's records[0] is this record of its source (1-based; a range of a sheet starts later): messages name records by it. */
  firstRecordNumber?: number;
  format: OutputFormat;
  /** PNG resolution, 50..600; default 300. */
  dpi?: number;
  /** ZPL printer resolution; default 203. */
  zplDpi?: ZplDpi;
  /** How ZPL prints texts in the template's fonts (the printer's fonts setting); default 'graphic'. */
  zplFonts?: ZplFontMode;
  /** The clock for expressions, epoch ms: a render is reproducible when the caller fixes it. */
  now?: number;
  /** IANA time zone for now() and formatDate (a printer's, or the request's); default UTC. */
  timeZone?: string;
  /**
   * The first value of each named counter for this render's first label (reserveCounters); label i gets
   * first + i × step. A counter left out counts from its start option, as a preview does.
   */
  counters?: Record<string, number>;
  /** The printer's unprintable margin in points (print jobs): design warnings flag elements inside it. */
  unprintableMargin?: number;
  /** PDF of a template with a sheet: the 1-based cell the first label takes on the first sheet (print jobs). */
  sheetStart?: number;
  /** The queue the render waits in (a team's id): the pool serves teams in turn. Not sent to the worker. */
  team?: string;
}

export interface RenderResult {
  bytes: Uint8Array;
  contentType: string;
  /** A batch's warnings carry their record's number (1-based). */
  warnings: (RenderWarning & { record?: number })[];
  /** Labels in the output: 1 for data. */
  labelCount: number;
  /** Layout and emit inside the worker, without queueing and transfer. */
  renderTimeMs: number;
}

/** The ZPL viewer's job: read raw ZPL at a printer's density and size, draw the labels asked for. */
export interface ZplRenderJob extends ZplLabelSize {
  zpl: string;
  /** 0-based label; undefined: every label. */
  index?: number;
  format: ZplViewFormat;
  rotation: ZplRotation;
  /** X-Quality of a PNG (default bitonal). */
  quality?: ZplQuality;
  /** X-Page-* of a PDF: labels N-up on paper pages. */
  pages?: ZplPageRequest;
  /** The queue the render waits in (a team's id), as RenderJob.team. Not sent to the worker. */
  team?: string;
}

export interface ZplRenderResult {
  bytes: Uint8Array;
  contentType: string;
  warnings: ZplWarning[];
  /** Labels in the input (X-Total-Count). */
  totalCount: number;
  /** Labels in the answer: each counts as a render. */
  labelCount: number;
  renderTimeMs: number;
}

/**
 * A label a virtual printer received, written for another resolution than its printer's: read at the source's density
 * on a label of the printer's media size, lifted to a template and rendered for the printer, in one step (so a hostile
 * label is bounded by the render's time and memory limits). Its result is a label's: the warnings of the re-layout first,
 * then the render's.
 */
export interface RelayoutJob extends ZplLabelSize {
  /** One character a byte: the state formats received before the label, then the label. */
  zpl: string;
  /** The resolution the ZPL was written for, in dpi (the reader reads it at `dpmm`). */
  sourceDpi: number;
  /** How the template renders for the printer (its format, dpi, fonts, time zone, margin), as a print job's render. */
  options: StepOptions;
  /** The queue the render waits in (a team's id), as RenderJob.team. Not sent to the worker. */
  team?: string;
}

/** A library SVG to rasterise (checked by checkSvg first): its longer side becomes longerSidePx pixels. */
export interface SvgRasterJob {
  svg: string;
  longerSidePx: number;
  /** The queue the render waits in (a team's id), as RenderJob.team. Not sent to the worker. */
  team?: string;
}

export interface SvgRasterResult {
  /** The raster as PNG. */
  bytes: Uint8Array;
  width: number;
  height: number;
  renderTimeMs: number;
}

/** How a job renders: the options of a step, without its template and data. */
export type StepOptions = Pick<
  RenderJob,
  | 'format'
  | 'dpi'
  | 'zplDpi'
  | 'zplFonts'
  | 'now'
  | 'timeZone'
  | 'counters'
  | 'quantityField'
  | 'unprintableMargin'
  | 'sheetStart'
>;

/**
 * One unit of work for a worker process; the pool runs steps of different teams in turn. A batch is several steps:
 * its parts (`template` sent only to a worker that does not hold the batch yet), then its assembly, except for PNG
 * (zipped by the pool) and for parts that write their own pieces of the document (writesInParts: joined by the pool).
 */
export type RenderStep =
  | { kind: 'label'; job: RenderJob }
  | { kind: 'zpl'; job: Omit<ZplRenderJob, 'team'> }
  | { kind: 'svg'; job: Omit<SvgRasterJob, 'team'> }
  | { kind: 'relayout'; job: Omit<RelayoutJob, 'team'> }
  | { kind: 'part'; batch: number; template?: unknown; options: StepOptions; part: BatchPart }
  | { kind: 'assemble'; options: StepOptions; labels: PartLabel[] };

/**
 * What the pool sends: a step with the team it renders for (the worker's caches are kept apart by team), or that a
 * batch is done (its worker drops the template it keeps for it).
 */
export type PoolMessage = { id: number; step: RenderStep; team: string } | { forget: number };

export type StepResult =
  | { kind: 'label'; result: RenderResult }
  | { kind: 'zpl'; result: ZplRenderResult }
  | { kind: 'svg'; result: SvgRasterResult }
  | { kind: 'part'; part: RenderedPart; renderTimeMs: number }
  | { kind: 'assemble'; bytes: Uint8Array; renderTimeMs: number }
  /** A label sent by its templateKey alone to a worker that does not hold it: the pool sends it again with its template. */
  | { kind: 'needsTemplate' };

/** A worker process's memory as it reports it after each step, MB (so the pool reads no /proc file per step). */
export interface WorkerMemory {
  /** Resident set now. */
  rssMb: number;
  /** The highest resident set the process ever had: a spike during the step still shows. */
  peakMb: number;
}

/**
 * What a worker sends: that it is ready (fonts parsed), or a step's outcome. A process's outcome carries its memory;
 * its byte arrays travel on the data pipe when they are large (see detachBytes): `sizes` says how many bytes each;
 * without it they are inline. A thread's byte arrays are transferred with the message (see transferableResult).
 */
export type WorkerMessage =
  { ready: true } | { id: number; outcome: TaskOutcome; sizes?: number[]; memory?: WorkerMemory };

/** The argument a worker process is started with: the worker's module runs as one only then (a test importing it does not). */
export const PROCESS_WORKER_ARG = '--labelsmith-render-process';

/** The workerData a worker thread is started with, for the same reason. */
export const RENDER_THREAD_DATA = { labelsmithRenderThread: true } as const;

/** Outputs smaller than this together travel inside the IPC message: one message is quicker than a message and a pipe read. */
export const INLINE_BYTES = 64 * 1024;

/** The stdio descriptor of the worker's data pipe (0-2 are stdio, 3 the IPC channel). */
export const DATA_FD = 4;

const NO_BYTES = new Uint8Array(0);

/**
 * Takes a result's outputs (a document, a batch part's PNGs) out of it, to be written raw to the data pipe: Node's IPC
 * channel parses a large message on the pool's event loop at about 200 MB/s, a plain pipe streams it in small chunks.
 */
export function detachBytes(result: StepResult): { result: StepResult; bytes: Uint8Array[] } {
  switch (result.kind) {
    case 'label':
      return { result: { ...result, result: { ...result.result, bytes: NO_BYTES } }, bytes: [result.result.bytes] };
    case 'zpl':
      return { result: { ...result, result: { ...result.result, bytes: NO_BYTES } }, bytes: [result.result.bytes] };
    case 'svg':
      return { result: { ...result, result: { ...result.result, bytes: NO_BYTES } }, bytes: [result.result.bytes] };
    case 'assemble':
      return { result: { ...result, bytes: NO_BYTES }, bytes: [result.bytes] };
    case 'needsTemplate':
      return { result, bytes: [] };
    case 'part': {
      const { document } = result.part;
      const bytes = [
        ...result.part.labels.flatMap((label) => (label.png ? [label.png] : [])),
        ...(document ? [document] : []),
      ];
      const labels = result.part.labels.map((label) => (label.png ? { ...label, png: NO_BYTES } : label));
      const part = { ...result.part, labels, ...(document ? { document: NO_BYTES } : {}) };
      return { result: { ...result, part }, bytes };
    }
  }
}

/** Puts the outputs read from the data pipe back where detachBytes took them, in the same order. */
export function attachBytes(result: StepResult, bytes: readonly Uint8Array[]): StepResult {
  let next = 0;
  const take = (): Uint8Array => bytes[next++] ?? NO_BYTES;
  switch (result.kind) {
    case 'label':
      return { ...result, result: { ...result.result, bytes: take() } };
    case 'zpl':
      return { ...result, result: { ...result.result, bytes: take() } };
    case 'svg':
      return { ...result, result: { ...result.result, bytes: take() } };
    case 'assemble':
      return { ...result, bytes: take() };
    case 'needsTemplate':
      return result;
    case 'part': {
      const labels = result.part.labels.map((label) => (label.png ? { ...label, png: take() } : label));
      return {
        ...result,
        part: { ...result.part, labels, ...(result.part.document ? { document: take() } : {}) },
      };
    }
  }
}

/**
 * The result with each output in a buffer of its own, and those buffers: posted in a message's transfer list, they
 * move to the pool's thread instead of being copied. An output that is a view of a larger buffer (a slice of Node's
 * Buffer pool) is copied first: transferring would take the whole buffer from its other users.
 */
export function transferableResult(result: StepResult): { result: StepResult; transfer: ArrayBuffer[] } {
  const detached = detachBytes(result);
  const owned = detached.bytes.map((bytes) =>
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
      ? bytes
      : // A copy (a Buffer's slice() would be another view of the same memory).
        new Uint8Array(bytes),
  );
  return { result: attachBytes(detached.result, owned), transfer: owned.map((bytes) => bytes.buffer as ArrayBuffer) };
}

export interface SerializedAppError {
  code: string;
  status: number;
  message: string;
  details?: Record<string, unknown>;
}

export type TaskOutcome = { ok: true; result: StepResult } | { ok: false; error: SerializedAppError };

/**
 * Serialisation keeps only an Error's name, message and stack, so an AppError travels as plain data. Anything
 * else is a failure of this render: its message is kept, its stack (paths, bundled code) is not.
 */
export function serializeError(error: unknown): SerializedAppError {
  if (error instanceof AppError) {
    // details are meant for JSON responses; the round trip also drops anything the IPC channel could not serialise.
    const details =
      error.details === undefined ? undefined : (JSON.parse(JSON.stringify(error.details)) as Record<string, unknown>);
    return {
      code: error.code,
      status: error.status,
      message: error.message,
      ...(details === undefined ? {} : { details }),
    };
  }
  const { code, status, message, details } = new RenderError(
    `rendering failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  return { code, status, message, details };
}

function isErrorDetails(value: unknown): value is ErrorDetail[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as ErrorDetail).path === 'string' &&
        typeof (entry as ErrorDetail).message === 'string',
    )
  );
}

/** Rebuilds the subclass renderLabel documents for the code, so callers keep checking with instanceof. */
export function reviveError({ code, status, message, details }: SerializedAppError): AppError {
  if (code === 'INVALID_TEMPLATE' && isErrorDetails(details?.errors)) return new InvalidTemplateError(details.errors);
  const elementId = typeof details?.elementId === 'string' ? details.elementId : undefined;
  if (code === 'RENDER_ERROR') return new RenderError(message, elementId);
  // A BarcodeDataError as sent: its code, status and details (symbology, fix) kept, the message not rebuilt.
  if (code === 'INVALID_BARCODE_DATA')
    return new RenderError(message, elementId, { code, status, ...(details ? { details } : {}) });
  if (code === 'BAD_REQUEST') return new BadRequestError(message, details);
  return new AppError(code, status, message, details);
}
