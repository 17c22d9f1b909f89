// One worker process of the render pool, for png and SVG rasters: resvg's long native calls stop only when the process is killed, and SIGKILL always kills it.
import { fork, type ChildProcess } from 'node:child_process';
import { RenderError } from '@shared/errors';
import { residentMemory } from './processMemory';
import { memoryLimitError, PoolWorker, type WorkerEvents } from './poolWorker';
import { attachBytes, DATA_FD, PROCESS_WORKER_ARG, type PoolMessage, type WorkerMessage } from './taskProtocol';

/** Megabytes of old space a worker's V8 heap starts with (see execArgv). */
const INITIAL_OLD_SPACE_MB = 128;

/**
 * How long resvg's allocator (mimalloc, linked into @resvg/resvg-js) keeps freed pages before handing them back to the
 * system. Its default, 10 ms, returns a raster's pages between two renders, and the next render faults them in again:
 * on these virtual machines, where a page fault is dear, the parcel label as png at 203 dpi through a one-worker pool,
 * renders in turn, took 66-72 ms (p50) so and 28 ms with its pages kept; zpl was 7.9 ms either way. A second keeps them
 * through a stream of renders and returns them when the worker idles.
 */
const RASTER_PURGE_DELAY_MS = '1000';

/** The last bytes a worker wrote to stderr, to tell V8's heap exhaustion from other deaths. */
const STDERR_TAIL = 4096;

export class WorkerProcess extends PoolWorker {
  readonly kind = 'process';
  private readonly child: ChildProcess;
  /** Bytes read from the data pipe, not yet handed to the outcome that announced them. */
  private received: Buffer[] = [];
  private receivedLength = 0;
  private expected?: { sizes: number[]; deliver(bytes: Uint8Array[]): void };
  private stderrTail = '';

  constructor(
    file: string,
    private readonly maxMemoryMb: number,
    events: WorkerEvents,
  ) {
    super(events);
    this.child = fork(file, [PROCESS_WORKER_ARG], {
      // Uint8Arrays (PNGs, PDFs) cross as bytes, not as JSON arrays of numbers.
      serialization: 'advanced',
      // The V8 heap gets the same limit as the whole process: a JavaScript runaway fails there, with a clear message.
      // A larger starting old space (capped by that limit) spares a render the full collections V8 runs while the heap
      // grows from its default: a 4x6 ZPL label's worker CPU went from 27-30 ms to about 22 ms.
      execArgv: [
        `--max-old-space-size=${maxMemoryMb}`,
        `--initial-old-space-size=${Math.min(INITIAL_OLD_SPACE_MB, maxMemoryMb)}`,
      ],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc', 'pipe'],
      // In Electron, process.execPath is the app: this makes it a plain Node process.
      env: {
        ...process.env,
        ELECTRON_RUN_AS_NODE: '1',
        MIMALLOC_PURGE_DELAY: process.env.MIMALLOC_PURGE_DELAY ?? RASTER_PURGE_DELAY_MS,
      },
    });
    this.child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL);
    });
    this.child.on('message', (message: WorkerMessage) => {
      if ('ready' in message) {
        this.becameReady();
        return;
      }
      if (this.runningId !== message.id) return;
      const { id, outcome, sizes, memory } = message;
      if (sizes === undefined || !outcome.ok) this.outcome(id, outcome, memory);
      else
        this.awaitBytes(sizes, (bytes) =>
          this.outcome(id, { ok: true, result: attachBytes(outcome.result, bytes) }, memory),
        );
    });
    this.child.stdio[DATA_FD]?.on('data', (chunk: Buffer) => {
      this.received.push(chunk);
      this.receivedLength += chunk.length;
      this.deliverBytes();
    });
    // A send to a process that died meanwhile fails here as well as in 'exit'.
    this.child.on('error', () => undefined);
    this.child.once('exit', (code, signal) => this.gone(this.deathReason(code, signal)));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private deathReason(code: number | null, signal: NodeJS.Signals | null): RenderError {
    if (/heap limit|heap out of memory/i.test(this.stderrTail)) return memoryLimitError(this.maxMemoryMb);
    return new RenderError(`render worker failed: it exited with ${signal ?? `code ${String(code)}`}`);
  }

  private awaitBytes(sizes: number[], deliver: (bytes: Uint8Array[]) => void): void {
    this.expected = { sizes, deliver };
    this.deliverBytes();
  }

  /** Once every byte an outcome announced has arrived: one copy into one buffer, then views of it. */
  private deliverBytes(): void {
    const expected = this.expected;
    if (!expected) return;
    const total = expected.sizes.reduce((sum, size) => sum + size, 0);
    if (this.receivedLength < total) return;
    const all = Buffer.concat(this.received, this.receivedLength);
    const rest = all.subarray(total);
    this.received = rest.length > 0 ? [rest] : [];
    this.receivedLength = rest.length;
    this.expected = undefined;
    let offset = 0;
    expected.deliver(
      expected.sizes.map((size) => new Uint8Array(all.buffer, all.byteOffset + (offset += size) - size, size)),
    );
  }

  protected override finish(outcome: Parameters<PoolWorker['finish']>[0]): void {
    this.expected = undefined;
    super.finish(outcome);
  }

  protected post(message: PoolMessage): void {
    this.child.send(message);
  }

  /**
   * Read from /proc while a step runs (the worker reports its memory only once a step ends, and a native allocation may
   * grow past the limit before that): over the limit now, or at any moment so far, it is killed. Without /proc (macOS,
   * Windows) only the V8 heap limit applies.
   */
  checkMemory(): void {
    const pid = this.child.pid;
    const memory = pid === undefined ? undefined : residentMemory(pid);
    if (memory !== undefined && Math.max(memory.rssMb, memory.peakMb) > this.maxMemoryMb)
      this.kill(memoryLimitError(this.maxMemoryMb));
  }

  /** SIGKILL: a native call cannot delay it. */
  protected end(): void {
    this.child.kill('SIGKILL');
  }
}
