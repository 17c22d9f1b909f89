// One worker process of the render pool: started with an IPC channel, runs one step at a time, and can always be killed (a native call in a thread cannot).
import { fork, type ChildProcess } from 'node:child_process';
import { RenderError } from '@shared/errors';
import { residentMemory } from './processMemory';
import {
  attachBytes,
  DATA_FD,
  type PoolMessage,
  type RenderStep,
  type TaskOutcome,
  type WorkerMessage,
} from './taskProtocol';

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

export type WorkerState = 'starting' | 'idle' | 'busy' | 'dying';

export interface WorkerEvents {
  ready(worker: WorkerProcess): void;
  /** The process is dead: its slot is free. `beforeReady`: it died while starting (the pool cannot start workers). */
  exited(worker: WorkerProcess, beforeReady: boolean, why: string): void;
}

/** The last bytes a worker wrote to stderr, to tell V8's heap exhaustion from other deaths. */
const STDERR_TAIL = 4096;

export function memoryLimitError(limitMb: number): RenderError {
  return new RenderError(`render stopped: over its ${limitMb} MB memory limit`);
}

/** A step stopped at its time limit (its worker killed): a class of its own, so a caller can say what the limit meant. */
export class TimeLimitError extends RenderError {
  constructor(readonly limitMs: number) {
    super(`render stopped: over its ${limitMs / 1000} s time limit`);
  }
}

interface Running {
  id: number;
  timer: NodeJS.Timeout;
  settle(outcome: TaskOutcome | RenderError): void;
}

export class WorkerProcess {
  state: WorkerState = 'starting';
  /** Resolves once the process has exited. */
  readonly exited: Promise<void>;
  private readied = false;
  private readonly child: ChildProcess;
  private running?: Running;
  /** Bytes read from the data pipe, not yet handed to the outcome that announced them. */
  private received: Buffer[] = [];
  private receivedLength = 0;
  private expected?: { sizes: number[]; deliver(bytes: Uint8Array[]): void };
  private stderrTail = '';
  /** Why the pool killed it, answered to the step it was running. */
  private killedFor?: RenderError;

  constructor(
    file: string,
    private readonly maxMemoryMb: number,
    events: WorkerEvents,
  ) {
    this.child = fork(file, [], {
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
        if (this.state !== 'starting') return;
        this.state = 'idle';
        this.readied = true;
        events.ready(this);
        return;
      }
      if (this.running?.id !== message.id) return;
      const { outcome, sizes } = message;
      if (sizes === undefined || !outcome.ok) this.finish(outcome);
      else this.awaitBytes(sizes, (bytes) => this.finish({ ok: true, result: attachBytes(outcome.result, bytes) }));
    });
    this.child.stdio[DATA_FD]?.on('data', (chunk: Buffer) => {
      this.received.push(chunk);
      this.receivedLength += chunk.length;
      this.deliverBytes();
    });
    // A send to a process that died meanwhile fails here as well as in 'exit'.
    this.child.on('error', () => undefined);
    let markExited = (): void => undefined;
    this.exited = new Promise((resolve) => (markExited = resolve));
    this.child.once('exit', (code, signal) => {
      markExited();
      const beforeReady = !this.readied;
      const why = this.deathReason(code, signal);
      this.state = 'dying';
      this.finish(this.killedFor ?? why);
      events.exited(this, beforeReady, why.message);
    });
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

  private finish(outcome: TaskOutcome | RenderError): void {
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    this.expected = undefined;
    clearTimeout(running.timer);
    if (this.state === 'busy') this.state = 'idle';
    running.settle(outcome);
  }

  /**
   * Runs one step within `limitMs`; resolves with its outcome, or with the RenderError that stopped it (a limit, the
   * worker's death). A step that cannot be sent (a value IPC cannot serialise) fails at once and the worker stays idle.
   */
  run(id: number, step: RenderStep, limitMs: number, team: string): Promise<TaskOutcome | RenderError> {
    return new Promise((settle) => {
      try {
        this.send({ id, step, team });
      } catch (error) {
        settle(new RenderError(`render worker failed: ${error instanceof Error ? error.message : String(error)}`));
        return;
      }
      this.state = 'busy';
      const timer = setTimeout(() => this.kill(new TimeLimitError(limitMs)), limitMs);
      this.running = { id, timer, settle };
    });
  }

  send(message: PoolMessage): void {
    this.child.send(message);
  }

  /**
   * Over the memory limit now, or at any moment so far: killed, and the step it runs fails with the memory limit. Else
   * its resident memory now, MB (undefined without /proc).
   */
  checkMemory(): { over: true } | { over: false; rssMb?: number } {
    const pid = this.child.pid;
    const memory = pid === undefined ? undefined : residentMemory(pid);
    if (memory === undefined) return { over: false };
    if (Math.max(memory.rssMb, memory.peakMb) <= this.maxMemoryMb) return { over: false, rssMb: memory.rssMb };
    this.kill(memoryLimitError(this.maxMemoryMb));
    return { over: true };
  }

  /** Ends an idle worker (the pool closes, or replaces one holding too much memory). */
  stop(): void {
    this.kill(new RenderError('render stopped: its worker was stopped'));
  }

  /** SIGKILL: a native call cannot delay it. The slot stays taken until the process has exited (WorkerEvents.exited). */
  kill(reason: RenderError): void {
    if (this.state === 'dying') return;
    this.killedFor = reason;
    this.state = 'dying';
    this.child.kill('SIGKILL');
  }
}
