// What crosses the thread boundary between the render pool and its workers: jobs, outcomes, and errors as plain data.
import { AppError, BadRequestError, InvalidTemplateError, RenderError, type ErrorDetail } from '../../src-shared/errors';
import type { RenderWarning } from '../../src-shared/layout/laidOutLabel';
import type { ZplLabelSize, ZplRotation, ZplViewFormat } from '../../src-shared/api/zplViewer';
import type { ZplWarning } from '../../src-shared/read/zpl/zplField';
import type { OutputFormat, ZplDpi } from '../../src-shared/render/outputFormats';

export interface RenderJob {
  template: unknown;
  /** One label's data; a batch sends records instead. */
  data?: unknown;
  /** A batch: one label per record (times its quantityField), in one document. */
  records?: unknown[];
  quantityField?: string;
  format: OutputFormat;
  /** PNG resolution, 50..600; default 300. */
  dpi?: number;
  /** ZPL printer resolution; default 203. */
  zplDpi?: ZplDpi;
  /** The clock for expressions, epoch ms: a render is reproducible when the caller fixes it. */
  now?: number;
  /** IANA time zone for now() and formatDate (a printer's, or the request's); default UTC. */
  timeZone?: string;
  /**
   * The first value of each named counter for this render's first label (reserveCounters); label i gets
   * first + i × step. A counter left out counts from its start option, as a preview does.
   */
  counters?: Record<string, number>;
}

export interface RenderResult {
  bytes: Uint8Array;
  contentType: string;
  /** A batch's warnings carry their record's index. */
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
 * The id lets the pool match the worker's "started" message to the job, so the time limit counts running time only.
 * A template job (job) or a ZPL viewer job (zpl): one pool, one queue and one time limit for both.
 */
export type RenderTask = { id: number; job: RenderJob; zpl?: undefined } | { id: number; zpl: ZplRenderJob; job?: undefined };

export interface SerializedAppError {
  code: string;
  status: number;
  message: string;
  details?: Record<string, unknown>;
}

export type TaskOutcome<Result = RenderResult> = { ok: true; result: Result } | { ok: false; error: SerializedAppError };

/** Posted by a worker on its parentPort when it begins a task (piscina re-emits it as the pool's 'message' event). */
export interface TaskStarted {
  renderTaskStarted: number;
}

export function isTaskStarted(message: unknown): message is TaskStarted {
  return typeof message === 'object' && message !== null && typeof (message as Partial<TaskStarted>).renderTaskStarted === 'number';
}

/**
 * Structured cloning keeps only an Error's name, message and stack, so an AppError travels as plain data. Anything
 * else is a failure of this render: its message is kept, its stack (paths, bundled code) is not.
 */
export function serializeError(error: unknown): SerializedAppError {
  if (error instanceof AppError) {
    // details are meant for JSON responses; the round trip also drops anything postMessage could not clone.
    const details = error.details === undefined ? undefined : (JSON.parse(JSON.stringify(error.details)) as Record<string, unknown>);
    return { code: error.code, status: error.status, message: error.message, ...(details === undefined ? {} : { details }) };
  }
  const { code, status, message, details } = new RenderError(`rendering failed: ${error instanceof Error ? error.message : String(error)}`);
  return { code, status, message, details };
}

function isErrorDetails(value: unknown): value is ErrorDetail[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'object' && entry !== null && typeof (entry as ErrorDetail).path === 'string' && typeof (entry as ErrorDetail).message === 'string');
}

/** Rebuilds the subclass renderLabel documents for the code, so callers keep checking with instanceof. */
export function reviveError({ code, status, message, details }: SerializedAppError): AppError {
  if (code === 'INVALID_TEMPLATE' && isErrorDetails(details?.errors)) return new InvalidTemplateError(details.errors);
  if (code === 'RENDER_ERROR') return new RenderError(message, typeof details?.elementId === 'string' ? details.elementId : undefined);
  if (code === 'BAD_REQUEST') return new BadRequestError(message, details);
  return new AppError(code, status, message, details);
}
