// The render pool: piscina worker threads run layout and emit, so the event loop (and /health) stays free while labels render.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { ServiceBusyError } from '../../src-shared/api/apiErrors';
import { AppError, RenderError } from '../../src-shared/errors';
import { planBatch } from '../../src-shared/render/batchPlan';
import type { OutputFormat } from '../../src-shared/render/outputFormats';
import { isTaskStarted, reviveError, type RenderJob, type RenderResult, type RenderTask, type TaskOutcome, type ZplRenderJob, type ZplRenderResult } from './taskProtocol';

export type { RenderJob, RenderResult, ZplRenderJob, ZplRenderResult } from './taskProtocol';

/** The time limit of one render: 10 s, counted from when a worker starts it (time in the queue does not count). */
export const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * What a batch adds to the time limit per label after its first: about 10x the measured cost of a 4x6 in label on one
 * core (PNG at 600 dpi 45 ms; pdf, zpl and html about 1 ms), so a slower machine still finishes the largest batch.
 */
export const PER_LABEL_TIMEOUT_MS: Record<OutputFormat, number> = { png: 500, pdf: 10, zpl: 10, html: 10 };
/** V8 heap limit of each worker thread (resourceLimits.maxOldGenerationSizeMb): a render over it kills only its worker. */
export const DEFAULT_MAX_MEMORY_MB = 512;
/** Waiting renders allowed per thread before new ones are refused with SERVICE_BUSY (503) instead of piling up. */
const QUEUE_PER_THREAD = 64;

export interface RenderPoolOptions {
  threads?: number;
  timeoutMs?: number;
  maxMemoryMb?: number;
  /** Renders that may wait for a thread; default threads * 64. */
  maxQueue?: number;
}

export interface RenderPoolStats {
  threads: number;
  queued: number;
  running: number;
}

export interface RenderPool {
  /** Rejects with the engine's AppError (rebuilt on this side), RenderError for a timeout or a dead worker, ServiceBusyError when full. */
  render(job: RenderJob): Promise<RenderResult>;
  /** The ZPL viewer's render, with the same queue, time limit and errors as render(). */
  renderZpl(job: ZplRenderJob): Promise<ZplRenderResult>;
  stats(): RenderPoolStats;
  /** Refuses new renders, waits for the accepted ones (queued included), then stops the threads. */
  close(): Promise<void>;
}

const WORKER_FILE = 'renderWorker.mjs';

/**
 * worker_threads need the worker as JavaScript: `npm run build:node` writes it to out/node/render/. Walking up from this
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

interface PendingRender {
  controller: AbortController;
  timeoutMs: number;
  timer?: NodeJS.Timeout;
  started: boolean;
}

function workerFailure(error: unknown, maxMemoryMb: number): RenderError {
  if (error instanceof Error && (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new RenderError(`render ran out of memory (limit ${maxMemoryMb} MB per render thread)`);
  }
  // The message only: a stack would show the server's paths and bundled code to the client.
  return new RenderError(`render thread failed: ${error instanceof Error ? error.message : String(error)}`);
}

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
  const maxQueue = options.maxQueue ?? threads * QUEUE_PER_THREAD;
  const pool = new Piscina<RenderTask, TaskOutcome<RenderResult | ZplRenderResult>>({
    filename: pathToFileURL(renderWorkerPath()).href,
    name: 'renderTask',
    // All threads start now: fonts are parsed at start-up, not during the first requests.
    minThreads: threads,
    maxThreads: threads,
    resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
    // Atomics.wait would block an idle worker's event loop, where resvg's native pixmaps are freed (see emitPng).
    atomics: 'disabled',
  });
  const pending = new Map<number, PendingRender>();
  const inFlight = new Set<Promise<unknown>>();
  let nextId = 1;
  let running = 0;
  let closing: Promise<void> | undefined;

  pool.on('message', (message: unknown) => {
    if (!isTaskStarted(message)) return;
    const entry = pending.get(message.renderTaskStarted);
    // A fast render's outcome may arrive before its "started" message (two different ports).
    if (entry === undefined || entry.started) return;
    entry.started = true;
    running++;
    const seconds = entry.timeoutMs / 1000;
    // Aborting a running task makes piscina terminate its thread and start a fresh one.
    entry.timer = setTimeout(() => entry.controller.abort(new RenderError(`render exceeded the time limit of ${seconds} s`)), entry.timeoutMs);
  });

  // Emitted when a thread fails outside any task. With no thread left, they fail while starting: piscina stops
  // replacing them, so waiting renders would wait forever.
  pool.on('error', (error: unknown) => {
    if (pool.threads.length > 0) return;
    const reason = new RenderError(`render threads cannot start: ${error instanceof Error ? error.message : String(error)}`);
    for (const entry of pending.values()) if (!entry.started) entry.controller.abort(reason);
  });

  async function run<Result>(task: RenderTask, entry: PendingRender): Promise<Result> {
    const { id } = task;
    let outcome: TaskOutcome<Result>;
    try {
      outcome = (await pool.run(task, { signal: entry.controller.signal })) as TaskOutcome<Result>;
    } catch (error) {
      const { reason } = entry.controller.signal;
      throw reason instanceof AppError ? reason : workerFailure(error, maxMemoryMb);
    } finally {
      clearTimeout(entry.timer);
      if (entry.started) running--;
      pending.delete(id);
    }
    if (!outcome.ok) throw reviveError(outcome.error);
    return outcome.result;
  }

  /** Queues a task with its time limit (refused when closing or full). */
  function submit<Result>(task: (id: number) => RenderTask, limitMs: number): Promise<Result> {
    if (closing) return Promise.reject(new ServiceBusyError('the render service is shutting down'));
    if (pending.size - running >= maxQueue) return Promise.reject(new ServiceBusyError());
    const id = nextId++;
    const entry: PendingRender = { controller: new AbortController(), timeoutMs: limitMs, started: false };
    pending.set(id, entry);
    const result = run<Result>(task(id), entry);
    const forget = (): void => void inFlight.delete(settled);
    const settled: Promise<void> = result.then(forget, forget);
    inFlight.add(settled);
    return result;
  }

  return {
    render(job) {
      let labels = 1;
      try {
        // A bad batch is refused here, without a trip to a thread; a good one's label count sizes its time limit.
        if (job.records !== undefined) labels = planBatch(job.records, job.quantityField).labelCount;
      } catch (error) {
        return Promise.reject(error as Error);
      }
      return submit<RenderResult>((id) => ({ id, job }), timeoutMs + (labels - 1) * PER_LABEL_TIMEOUT_MS[job.format]);
    },
    renderZpl(zpl) {
      // The labels are unknown until read: the whole input (at most 1 MB) gets one render's limit.
      return submit<ZplRenderResult>((id) => ({ id, zpl }), timeoutMs);
    },
    stats() {
      return { threads: pool.threads.length, queued: pending.size - running, running };
    },
    close() {
      closing ??= (async () => {
        while (inFlight.size > 0) await Promise.all(inFlight);
        await pool.destroy();
      })();
      return closing;
    },
  };
}
