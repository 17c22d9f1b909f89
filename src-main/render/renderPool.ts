// The render pool: worker threads (zpl, pdf, html) and processes (png, SVG rasters) run layout and emit, so the event loop (and /health) stays free, and a render over its time or memory limit is stopped.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClientClosedError, ServiceBusyError } from '@shared/api/apiErrors';
import { AppError, RenderError } from '@shared/errors';
import { uniqueDesignWarnings } from '@shared/layout/designWarnings';
import { joinBytes } from '@shared/emit/joinBytes';
import { planBatch } from '@shared/render/batchPlan';
import { BATCH_CONTENT_TYPES, type OutputFormat } from '@shared/render/outputFormats';
import {
  splitBatch,
  writesInParts,
  zipBatchPngs,
  type BatchPart,
  type BatchWarning,
  type PartLabel,
} from '@shared/render/batchParts';
import { FairQueue } from './fairQueue';
import {
  reviveError,
  type RelayoutJob,
  type RenderJob,
  type RenderResult,
  type RenderStep,
  type StepOptions,
  type StepResult,
  type SvgRasterJob,
  type SvgRasterResult,
  type ZplRenderJob,
  type ZplRenderResult,
} from './taskProtocol';
import { memoryLimitError, type PoolWorker, type WorkerEvents, type WorkerKind } from './poolWorker';
import { WorkerProcess } from './workerProcess';
import { WorkerThread } from './workerThread';

export type {
  RelayoutJob,
  RenderJob,
  RenderResult,
  SvgRasterJob,
  SvgRasterResult,
  ZplRenderJob,
  ZplRenderResult,
} from './taskProtocol';

/** The time limit of one render: 10 s, counted from when a worker starts it (time in the queue does not count). */
export const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * What a batch adds to the time limit per label after its first: about 10x the measured cost of a 4x6 in label on one
 * core (PNG at 600 dpi 45 ms; pdf, zpl and html about 1 ms), so a slower machine still finishes the largest batch.
 */
export const PER_LABEL_TIMEOUT_MS: Record<OutputFormat, number> = { png: 500, pdf: 10, zpl: 10, html: 10 };
/**
 * The memory limit of each worker: a process's resident memory (V8 heap and native allocations such as resvg's
 * pixmaps), a thread's V8 heap. A render over it is stopped. A process holds about 110 MB with its fonts; an 8 x 12 in
 * label at 600 dpi peaks near 440 MB.
 */
export const DEFAULT_MAX_MEMORY_MB = 1024;
/**
 * Records of a batch per step: between steps the worker turns to the next team's render, so another team waits about one
 * step. A PNG label is tens of milliseconds of rasterising; pdf, zpl and html labels about a millisecond each.
 */
export const RECORDS_PER_STEP: Record<OutputFormat, number> = { png: 1, pdf: 20, zpl: 20, html: 20 };
/**
 * The time limit of rasterising a library SVG: 2 s. A 1200-pixel raster of a real logo or icon takes 5-50 ms; filters
 * (feMorphology with a large radius, blurs stacked on blurs) can take minutes, and an upload is refused past this.
 */
export const SVG_RASTER_TIMEOUT_MS = 2000;
/**
 * Renders one team may have waiting, per worker, before the team's next is refused with SERVICE_BUSY (503 with
 * Retry-After): a flood fills its own team's queue, never another's.
 */
const QUEUE_PER_TEAM_PER_WORKER = 16;
/**
 * While another team has sent work within this, no team holds every worker: one is always left for the others, so
 * their render starts after one short step at most, however long the flooding team's steps are.
 */
export const SHARE_WINDOW_MS = 60_000;
/** What a team told its queue is full is asked to wait: its queue drains step by step, faster than a client notices. */
const TEAM_QUEUE_RETRY_AFTER_S = 1;
/** How often the resident memory of busy worker processes is read: a runaway allocation is stopped within about this. */
const MEMORY_POLL_MS = 20;
/** A worker whose resident memory stays above this share of its limit after a render is replaced while idle. */
const RECYCLE_SHARE = 0.75;

export interface RenderPoolOptions {
  /**
   * At most this many renders run at once; the pool keeps this many worker threads and this many worker processes.
   * Default: the machine's cores.
   */
  threads?: number;
  timeoutMs?: number;
  maxMemoryMb?: number;
  /** Renders one team may have waiting for a worker; default threads * 16. */
  maxQueuePerTeam?: number;
  /** The time limit of an SVG rasterisation; default SVG_RASTER_TIMEOUT_MS. */
  svgTimeoutMs?: number;
}

export interface SubmitOptions {
  /** Aborted when the client has gone: a job not started yet is dropped (ClientClosedError), a batch runs no more parts. */
  signal?: AbortSignal;
}

export interface RenderPoolStats {
  /** Live worker threads (never more than the pool's size). */
  threads: number;
  /** Live worker processes (never more than the pool's size). */
  processes: number;
  queued: number;
  running: number;
  /** Steps handed to workers since the pool started: a job dropped before it started never adds one. */
  stepsStarted: number;
}

export interface CloseOptions {
  /** How long accepted renders may still take; then the workers are killed and those renders fail. Default: no limit. */
  graceMs?: number;
}

export interface RenderPool {
  /**
   * Rejects with the engine's AppError (rebuilt on this side), RenderError for a render stopped at a limit or a dead
   * worker, ServiceBusyError when the team's queue is full, ClientClosedError when `signal` aborted before it started.
   * `job.team` picks the queue it waits in: teams take turns.
   */
  render(job: RenderJob, options?: SubmitOptions): Promise<RenderResult>;
  /** The ZPL viewer's render, with the same queues, limits and errors as render(). */
  renderZpl(job: ZplRenderJob, options?: SubmitOptions): Promise<ZplRenderResult>;
  /** A received label re-laid out for a printer and rendered for it (RelayoutJob), with the same queues, limits and errors as render(). */
  relayout(job: RelayoutJob, options?: SubmitOptions): Promise<RenderResult>;
  /**
   * A library SVG made a PNG, with the same queues and errors as render() but a time limit of its own (svgTimeoutMs):
   * past it the worker is killed and the step fails with TimeLimitError.
   */
  rasterizeSvg(job: SvgRasterJob, options?: SubmitOptions): Promise<SvgRasterResult>;
  stats(): RenderPoolStats;
  /** Refuses new renders, waits for the accepted ones (queued included; at most graceMs), then stops the workers. */
  close(options?: CloseOptions): Promise<void>;
}

const WORKER_FILE = 'renderWorker.mjs';

/**
 * Workers run the worker as JavaScript: `npm run build:node` writes it to out/node/render/. Walking up from this
 * module finds it both from a bundle in out/node/<entry>/ (../render/) and from the TypeScript sources (out/node/render/
 * under the package root).
 */
export function renderWorkerPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [join(dir, 'render', WORKER_FILE), join(dir, 'out', 'node', 'render', WORKER_FILE)]) {
      if (existsSync(candidate)) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${WORKER_FILE} not found: run npm run build:node`);
    dir = parent;
  }
}

/** A batch's progress: its parts, then (except PNG) its assembly. */
interface Batch {
  job: Omit<RenderJob, 'team'>;
  labelCount: number;
  parts: BatchPart[];
  /** The next part to hand to a worker. */
  nextPart: number;
  partsLeft: number;
  /** Each part's labels and warnings, by part index, as they come back. */
  labels: PartLabel[][];
  warnings: BatchWarning[][];
  /** Each part's piece of the document, by part index, when the batch writesInParts. */
  documents: Uint8Array[];
  /** Workers holding this batch's template: later parts go to them without it. */
  holders: Set<PoolWorker>;
  renderTimeMs: number;
}

/** An accepted render: one step (a label, a ZPL view), or a batch. */
interface Job {
  id: number;
  team: string;
  single?: RenderStep;
  batch?: Batch;
  started: boolean;
  settled: boolean;
  /** Stops listening for the client's going (once settled). */
  unlisten?: () => void;
  resolve(result: RenderResult | ZplRenderResult | SvgRasterResult): void;
  reject(error: Error): void;
}

/** What waits in the fair queue: the next step of a job. */
interface Waiting {
  job: Job;
  kind: 'single' | 'part' | 'assemble';
}

interface Dispatched {
  step: RenderStep;
  limitMs: number;
  /** The part's index, for a part. */
  part: number;
}

function stepOptions({
  format,
  dpi,
  zplDpi,
  zplFonts,
  now,
  timeZone,
  counters,
  quantityField,
  unprintableMargin,
  sheetStart,
}: Omit<RenderJob, 'team'>): StepOptions {
  return { format, dpi, zplDpi, zplFonts, now, timeZone, counters, quantityField, unprintableMargin, sheetStart };
}

/**
 * Where a step runs. png and SVG rasters go to processes: resvg rasterises the whole label (or the SVG's filters) in
 * one native call that can run for minutes, which only a process's kill stops. zpl, pdf and html go to threads: their
 * native calls (resvg's raster of one text or image, zlib) are small and bounded by the render's pixel budget, so
 * terminate() stops them at the time limit. So does the ZPL viewer's printer-dot PNG (bitonal, drawn in JavaScript by
 * emit/dots, resvg only for a glyph or an element's tile); its grey PNG is a whole-label resvg raster: a process.
 */
export function workerKindFor(step: RenderStep | undefined, format: OutputFormat | undefined): WorkerKind {
  switch (step?.kind) {
    case 'svg':
      return 'process';
    case 'zpl':
      return step.job.format === 'png' && (step.job.quality ?? 'bitonal') !== 'bitonal' ? 'process' : 'thread';
    case 'label':
      return step.job.format === 'png' ? 'process' : 'thread';
    case 'relayout':
      return step.job.options.format === 'png' ? 'process' : 'thread';
    default:
      return format === 'png' ? 'process' : 'thread';
  }
}

function labelsIn(part: BatchPart): number {
  return part.quantities.reduce((sum, quantity) => sum + quantity, 0);
}

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const size = Math.max(1, options.threads ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
  const maxQueuePerTeam = options.maxQueuePerTeam ?? size * QUEUE_PER_TEAM_PER_WORKER;
  const svgTimeoutMs = options.svgTimeoutMs ?? SVG_RASTER_TIMEOUT_MS;
  const file = renderWorkerPath();
  /** Every live worker, dying ones included: a slot is free only once its thread or process has ended. */
  const workers = new Set<PoolWorker>();
  const waiting = new FairQueue<Waiting>();
  const jobs = new Set<Job>();
  /** Steps running now, by team. */
  const runningSteps = new Map<string, number>();
  /** When each team last sent work (pruned after SHARE_WINDOW_MS). */
  const lastActive = new Map<string, number>();
  const inFlight = new Set<Promise<unknown>>();
  let nextJobId = 1;
  let nextStepId = 1;
  let stepsStarted = 0;
  /** Steps running now, all teams and both kinds of worker: never more than the pool's size. */
  let runningTotal = 0;
  let closing = false;
  let closed: Promise<void> | undefined;
  let memoryTimer: NodeJS.Timeout | undefined;

  const events: WorkerEvents = {
    ready: () => dispatch(),
    exited(worker, beforeReady, why) {
      workers.delete(worker);
      for (const job of jobs) job.batch?.holders.delete(worker);
      if (closing) return;
      // Workers that die while starting would die again: fail what waits instead of restarting them in a loop.
      if (beforeReady) failWaiting(new RenderError(`render workers cannot start: ${why}`));
      else fill();
    },
  };

  function live(kind: WorkerKind): number {
    let count = 0;
    for (const worker of workers) if (worker.kind === kind) count++;
    return count;
  }

  /** Starts threads and processes up to the pool's size each, then hands out work. */
  function fill(): void {
    while (!closing && live('thread') < size) workers.add(new WorkerThread(file, maxMemoryMb, events));
    while (!closing && live('process') < size) workers.add(new WorkerProcess(file, maxMemoryMb, events));
    dispatch();
  }

  function settle(job: Job, outcome: RenderResult | ZplRenderResult | SvgRasterResult | AppError): void {
    if (job.settled) return;
    job.settled = true;
    job.unlisten?.();
    jobs.delete(job);
    for (const holder of job.batch?.holders ?? []) if (holder.state !== 'dying') holder.send({ forget: job.id });
    job.batch?.holders.clear();
    if (outcome instanceof AppError) job.reject(outcome);
    else job.resolve(outcome);
  }

  function failWaiting(error: AppError): void {
    for (const { job } of waiting.drain()) settle(job, error);
  }

  /** The step a waiting job runs next on `worker`, and its time limit. */
  function take(entry: Waiting, worker: PoolWorker): Dispatched {
    const { job } = entry;
    const { batch } = job;
    if (entry.kind === 'single' || batch === undefined) {
      const step = job.single as RenderStep;
      return { step, limitMs: step.kind === 'svg' ? svgTimeoutMs : timeoutMs, part: 0 };
    }
    const perLabel = PER_LABEL_TIMEOUT_MS[batch.job.format];
    if (entry.kind === 'assemble') {
      return {
        step: { kind: 'assemble', options: stepOptions(batch.job), labels: batch.labels.flat() },
        limitMs: timeoutMs + (batch.labelCount - 1) * perLabel,
        part: 0,
      };
    }
    const index = batch.nextPart++;
    const part = batch.parts[index] as BatchPart;
    // The parts not handed out yet stay first in the team's queue; the round still moves on to the other teams first.
    if (batch.nextPart < batch.parts.length) waiting.pushFront(job.team, entry);
    const template = batch.holders.has(worker) ? undefined : batch.job.template;
    batch.holders.add(worker);
    return {
      step: { kind: 'part', batch: job.id, template, options: stepOptions(batch.job), part },
      limitMs: timeoutMs + (labelsIn(part) - 1) * perLabel,
      part: index,
    };
  }

  function finishStep(job: Job, result: Exclude<StepResult, { kind: 'needsTemplate' }>, part: number): void {
    const { batch } = job;
    if (result.kind === 'label' || result.kind === 'zpl' || result.kind === 'svg' || batch === undefined) {
      if (result.kind === 'label' || result.kind === 'zpl' || result.kind === 'svg') settle(job, result.result);
      return;
    }
    batch.renderTimeMs += result.renderTimeMs;
    const batchResult = (bytes: Uint8Array): RenderResult => ({
      bytes,
      contentType: BATCH_CONTENT_TYPES[batch.job.format],
      warnings: uniqueDesignWarnings(batch.warnings.flat()),
      labelCount: batch.labelCount,
      renderTimeMs: batch.renderTimeMs,
    });
    if (result.kind === 'assemble') {
      settle(job, batchResult(result.bytes));
      return;
    }
    batch.labels[part] = result.part.labels;
    batch.warnings[part] = result.part.warnings;
    if (result.part.document) batch.documents[part] = result.part.document;
    if (--batch.partsLeft > 0) return;
    // PNGs need no fonts to be zipped, and parts that wrote their own pieces are joined: no trip back to a worker.
    if (batch.job.format === 'png') settle(job, batchResult(zipBatchPngs(batch.labels.flat())));
    else if (writesInParts(batch.job)) settle(job, batchResult(joinBytes(batch.documents)));
    else waiting.pushFront(job.team, { job, kind: 'assemble' });
  }

  /**
   * After a step: the peak memory a worker process reported with its outcome decides whether its result stands, and
   * whether it is replaced. A thread's heap limit is V8's own: over it, the thread was stopped and the step failed.
   */
  function afterStep(worker: PoolWorker): RenderError | undefined {
    const memory = worker.memory;
    worker.memory = undefined;
    if (worker.state === 'dying' || memory === undefined) return undefined;
    if (Math.max(memory.rssMb, memory.peakMb) > maxMemoryMb) {
      worker.kill(memoryLimitError(maxMemoryMb));
      return memoryLimitError(maxMemoryMb);
    }
    // Memory a worker kept after a big render (fragmentation, native caches) would count against the next one.
    if (memory.rssMb > maxMemoryMb * RECYCLE_SHARE) worker.stop();
    return undefined;
  }

  /** Workers a team may hold now: all of them, or all but one while another team has sent work lately. */
  function workerShare(team: string): number {
    if (size < 2) return size;
    const since = Date.now() - SHARE_WINDOW_MS;
    for (const [other, at] of lastActive) {
      if (at < since) lastActive.delete(other);
      else if (other !== team) return size - 1;
    }
    return size;
  }

  const mayRun = (team: string): boolean => (runningSteps.get(team) ?? 0) < workerShare(team);

  const kindOf = ({ job }: Waiting): WorkerKind => workerKindFor(job.single, job.batch?.job.format);

  function idleWorker(kind: WorkerKind): PoolWorker | undefined {
    for (const worker of workers) if (worker.kind === kind && worker.state === 'idle') return worker;
    return undefined;
  }

  /**
   * Hands waiting steps to idle workers of their kind, teams in turn, while fewer than the pool's size run. A team whose
   * next step's kind has no idle worker is passed over and keeps its place (FairQueue.next).
   */
  function dispatch(): void {
    while (runningTotal < size) {
      // A batch that failed (or whose client went) leaves its later parts behind: taken, and skipped.
      const next = waiting.next(
        (team, entry) => entry.job.settled || (mayRun(team) && idleWorker(kindOf(entry)) !== undefined),
      );
      if (!next) break;
      if (next.item.job.settled) continue;
      const worker = idleWorker(kindOf(next.item)) as PoolWorker;
      const { job } = next.item;
      job.started = true;
      const { team } = job;
      runningSteps.set(team, (runningSteps.get(team) ?? 0) + 1);
      runningTotal++;
      stepsStarted++;
      const { step, limitMs, part } = take(next.item, worker);
      void worker.run(nextStepId++, step, limitMs, team).then((outcome) => {
        const left = (runningSteps.get(team) ?? 1) - 1;
        if (left > 0) runningSteps.set(team, left);
        else runningSteps.delete(team);
        runningTotal--;
        const overMemory = afterStep(worker);
        if (outcome instanceof RenderError || overMemory) settle(job, overMemory ?? (outcome as RenderError));
        else if (!outcome.ok) settle(job, reviveError(outcome.error));
        // Sent with its template, a step cannot ask for it again: a worker that did would be broken.
        else if (outcome.result.kind === 'needsTemplate')
          settle(job, new RenderError('render worker failed: it asked again for the template it was sent'));
        else if (!job.settled) finishStep(job, outcome.result, part);
        fill();
      });
    }
    watchMemory();
  }

  const busyProcesses = (): WorkerProcess[] =>
    [...workers].filter(
      (worker): worker is WorkerProcess => worker instanceof WorkerProcess && worker.state === 'busy',
    );

  /** Reads busy processes' memory while any is busy: a native allocation past the limit is stopped as it grows. */
  function watchMemory(): void {
    if (memoryTimer !== undefined || busyProcesses().length === 0) return;
    memoryTimer = setInterval(() => {
      let busy = false;
      for (const worker of busyProcesses()) {
        busy = true;
        worker.checkMemory();
      }
      if (busy) return;
      clearInterval(memoryTimer);
      memoryTimer = undefined;
    }, MEMORY_POLL_MS);
    memoryTimer.unref();
  }

  /** The client went: a job not started leaves the queue unrun; a batch's parts not handed out are never run. */
  function clientGone(entry: Waiting): void {
    const { job } = entry;
    if (job.settled || (job.started && !job.batch)) return;
    if (!job.started) waiting.remove(job.team, entry);
    settle(job, new ClientClosedError());
  }

  function waitingOf(team: string): number {
    let count = 0;
    for (const job of jobs) if (job.team === team && !job.started) count++;
    return count;
  }

  /** Queues a job in its team's queue (refused when closing, when the team's queue is full, or when its client has gone). */
  function submit<Result extends RenderResult | ZplRenderResult | SvgRasterResult>(
    team: string,
    { signal }: SubmitOptions,
    single?: RenderStep,
    batch?: Batch,
  ): Promise<Result> {
    if (closing) return Promise.reject(new ServiceBusyError('the render service is shutting down'));
    if (signal?.aborted) return Promise.reject(new ClientClosedError());
    const waitingNow = waitingOf(team);
    if (waitingNow >= maxQueuePerTeam) {
      return Promise.reject(
        new ServiceBusyError(
          `the team's render queue is full (${waitingNow} renders waiting, the limit per team): retry after ${TEAM_QUEUE_RETRY_AFTER_S} s`,
          TEAM_QUEUE_RETRY_AFTER_S,
          { waiting: waitingNow, limit: maxQueuePerTeam },
        ),
      );
    }
    lastActive.set(team, Date.now());
    const result = new Promise<Result>((resolve, reject) => {
      const accepted: Job = {
        id: nextJobId++,
        team,
        single,
        batch,
        started: false,
        settled: false,
        resolve: resolve as (result: RenderResult | ZplRenderResult | SvgRasterResult) => void,
        reject,
      };
      const entry: Waiting = { job: accepted, kind: batch ? 'part' : 'single' };
      jobs.add(accepted);
      waiting.push(team, entry);
      if (signal) {
        const gone = (): void => clientGone(entry);
        signal.addEventListener('abort', gone, { once: true });
        accepted.unlisten = () => signal.removeEventListener('abort', gone);
      }
    });
    const forget = (): void => void inFlight.delete(settled);
    const settled: Promise<void> = result.then(forget, forget);
    inFlight.add(settled);
    fill();
    return result;
  }

  function running(): number {
    let count = 0;
    for (const job of jobs) if (job.started) count++;
    return count;
  }

  fill();

  return {
    render(request, options = {}) {
      const { team = '', ...job } = request;
      if (job.records === undefined) return submit<RenderResult>(team, options, { kind: 'label', job });
      let batch: Batch;
      try {
        // A bad batch is refused here, without a trip to a worker.
        const plan = planBatch(job.records, job.quantityField, job.firstRecordNumber);
        const parts = splitBatch(plan, RECORDS_PER_STEP[job.format]);
        batch = {
          job,
          labelCount: plan.labelCount,
          parts,
          nextPart: 0,
          partsLeft: parts.length,
          labels: [],
          warnings: [],
          documents: [],
          holders: new Set(),
          renderTimeMs: 0,
        };
      } catch (error) {
        return Promise.reject(error as Error);
      }
      return submit<RenderResult>(team, options, undefined, batch);
    },
    renderZpl(request, options = {}) {
      // The labels are unknown until read: the whole input (at most 1 MB) is one step with one render's limit.
      const { team = '', ...job } = request;
      return submit<ZplRenderResult>(team, options, { kind: 'zpl', job });
    },
    relayout(request, options = {}) {
      const { team = '', ...job } = request;
      return submit<RenderResult>(team, options, { kind: 'relayout', job });
    },
    rasterizeSvg(request, options = {}) {
      const { team = '', ...job } = request;
      return submit<SvgRasterResult>(team, options, { kind: 'svg', job });
    },
    stats() {
      const started = running();
      return {
        threads: live('thread'),
        processes: live('process'),
        queued: jobs.size - started,
        running: started,
        stepsStarted,
      };
    },
    close({ graceMs } = {}) {
      closing = true;
      closed ??= (async () => {
        while (inFlight.size > 0) await Promise.all(inFlight);
        const exits = [...workers].map((worker) => worker.exited);
        for (const worker of workers) worker.stop();
        await Promise.all(exits);
      })();
      if (graceMs !== undefined) {
        const timer = setTimeout(() => {
          const reason = new RenderError('render stopped: the server is shutting down');
          failWaiting(reason);
          for (const worker of workers) worker.kill(reason);
        }, graceMs);
        void closed.then(() => clearTimeout(timer));
      }
      return closed;
    },
  };
}
