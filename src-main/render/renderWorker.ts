// One thread of the render pool: parses the bundled fonts once when the thread starts, then renders the jobs (labels or batches) posted to it.
import { parentPort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { renderLabels } from '../../src-shared/render/renderBatch';
import { renderLabel } from '../../src-shared/render/renderLabel';
import { renderZpl } from '../../src-shared/render/renderZpl';
import { bundledFonts } from '../fonts/bundledFonts';
import { serializeError, type RenderTask, type TaskOutcome, type TaskStarted, type ZplRenderJob, type ZplRenderResult } from './taskProtocol';

// At import, so the cost lands when the pool starts its threads, not on a request.
const fonts = bundledFonts();

/**
 * Only a view that owns its whole ArrayBuffer can be moved: moving a slice would detach the rest of its buffer (for a
 * small Node Buffer, the process's shared pool), so an emitter that ever returns one gets those few bytes copied.
 */
export function ownedBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return new Uint8Array(buffer);
  // Not bytes.slice(): on a Buffer that is a view of the same memory.
  return new Uint8Array(bytes);
}

/** The piscina task: failures come back as a value, because a thrown AppError would lose its code and details. */
export async function renderTask(task: RenderTask): Promise<TaskOutcome | TaskOutcome<ZplRenderResult> | ReturnType<typeof move>> {
  const started: TaskStarted = { renderTaskStarted: task.id };
  parentPort?.postMessage(started);
  if (task.zpl !== undefined) return zplTask(task.zpl);
  const { job } = task;
  const start = performance.now();
  try {
    const { now, timeZone, counters } = job;
    const options = {
      format: job.format,
      dpi: job.dpi,
      zplDpi: job.zplDpi,
      fonts,
      env: { now: now === undefined ? () => new Date() : () => new Date(now), timeZone, counters },
    };
    const output =
      job.records === undefined
        ? { ...(await renderLabel(job.template, job.data, options)), labelCount: 1 }
        : await renderLabels(job.template, job.records, { ...options, quantityField: job.quantityField });
    const bytes = ownedBytes(output.bytes);
    const outcome: TaskOutcome = {
      ok: true,
      result: { bytes, contentType: output.contentType, warnings: output.warnings, labelCount: output.labelCount, renderTimeMs: performance.now() - start },
    };
    // Moved, not copied: a large label at 600 dpi is megabytes of PNG.
    return move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: outcome });
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  }
}

/** The ZPL viewer's task: the drawn labels moved back like a template's. */
async function zplTask(job: ZplRenderJob): Promise<TaskOutcome<ZplRenderResult> | ReturnType<typeof move>> {
  const start = performance.now();
  try {
    const { zpl, ...options } = job;
    const output = await renderZpl(zpl, { ...options, fonts });
    const bytes = ownedBytes(output.bytes);
    const outcome: TaskOutcome<ZplRenderResult> = { ok: true, result: { ...output, bytes, renderTimeMs: performance.now() - start } };
    return move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: outcome });
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  }
}
