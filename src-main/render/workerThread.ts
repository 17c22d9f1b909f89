// One worker thread of the render pool, for zpl, pdf and html: no process hop (its outputs come back as transferred buffers), stopped by terminate() at its time limit and by V8 at its heap limit.
import { Worker } from 'node:worker_threads';
import { RenderError } from '@shared/errors';
import { memoryLimitError, PoolWorker, type WorkerEvents } from './poolWorker';
import { RENDER_THREAD_DATA, type PoolMessage, type WorkerMessage } from './taskProtocol';

export class WorkerThread extends PoolWorker {
  readonly kind = 'thread';
  private readonly worker: Worker;
  /** Why the thread failed, from its 'error' event, answered when it has stopped. */
  private failure?: RenderError;

  constructor(file: string, maxMemoryMb: number, events: WorkerEvents) {
    super(events);
    this.worker = new Worker(file, {
      workerData: RENDER_THREAD_DATA,
      // The memory limit is the thread's V8 heap: past it V8 stops the thread (ERR_WORKER_OUT_OF_MEMORY). The native
      // memory a zpl or pdf render takes (resvg's glyph rasters, zlib) is bounded by the render's pixel budget instead.
      resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
      // Its console and errors go to the server's; nothing is read from them.
      stdout: false,
      stderr: false,
    });
    this.worker.on('message', (message: WorkerMessage) => {
      if ('ready' in message) this.becameReady();
      else this.outcome(message.id, message.outcome);
    });
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? memoryLimitError(maxMemoryMb)
          : new RenderError(`render worker failed: ${error.message}`);
    });
    this.worker.once('exit', (code) =>
      this.gone(this.failure ?? new RenderError(`render worker failed: it exited with code ${code}`)),
    );
  }

  protected post(message: PoolMessage): void {
    this.worker.postMessage(message);
  }

  /** terminate() stops the thread's JavaScript at once; a native call it is inside (resvg's raster of one text) first returns. */
  protected end(): void {
    void this.worker.terminate();
  }
}
