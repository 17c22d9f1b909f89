// What the render pool holds of one worker, a thread or a process: one step at a time, its time limit, its end, and why it ended.
import { RenderError } from '@shared/errors';
import type { PoolMessage, RenderStep, TaskOutcome, WorkerMemory } from './taskProtocol';

export type WorkerState = 'starting' | 'idle' | 'busy' | 'dying';

/** Threads run zpl, pdf and html (JavaScript a terminate() stops); processes png and SVG rasters (resvg's long native calls). */
export type WorkerKind = 'thread' | 'process';

export interface WorkerEvents {
  ready(worker: PoolWorker): void;
  /** The worker is gone: its slot is free. `beforeReady`: it died while starting (the pool cannot start workers). */
  exited(worker: PoolWorker, beforeReady: boolean, why: string): void;
}

export function memoryLimitError(limitMb: number): RenderError {
  return new RenderError(`render stopped: over its ${limitMb} MB memory limit`);
}

/** A step stopped at its time limit (its worker ended): a class of its own, so a caller can say what the limit meant. */
export class TimeLimitError extends RenderError {
  constructor(readonly limitMs: number) {
    super(`render stopped: over its ${limitMs / 1000} s time limit`);
  }
}

function unsendable(error: unknown): RenderError {
  return new RenderError(`render worker failed: ${error instanceof Error ? error.message : String(error)}`);
}

interface Running {
  id: number;
  timer: NodeJS.Timeout;
  settle(outcome: TaskOutcome | RenderError): void;
  /** A label sent by its templateKey alone: sends it again with its template, if the worker asks. */
  resend?: () => void;
}

export abstract class PoolWorker {
  abstract readonly kind: WorkerKind;
  state: WorkerState = 'starting';
  /** Resolves once the worker has ended (a process exited, a thread stopped). */
  readonly exited: Promise<void>;
  /** What the worker said of its memory with its last outcome (processes: resident set and its peak). */
  memory?: WorkerMemory;
  private readied = false;
  private running?: Running;
  /** Why the pool ended it, answered to the step it was running. */
  private endedFor?: RenderError;
  private markExited: () => void = () => undefined;

  constructor(private readonly events: WorkerEvents) {
    this.exited = new Promise((resolve) => (this.markExited = resolve));
  }

  /** Hands a message to the worker; throws when it cannot be serialised. */
  protected abstract post(message: PoolMessage): void;

  /** Ends the worker at once, whatever it runs (SIGKILL, terminate()); `gone` follows once it has ended. */
  protected abstract end(): void;

  /** The worker has parsed its fonts and takes steps. */
  protected becameReady(): void {
    if (this.state !== 'starting') return;
    this.state = 'idle';
    this.readied = true;
    this.events.ready(this);
  }

  /** A step's outcome from the worker (an outcome for a step no longer running is dropped). */
  protected outcome(id: number, outcome: TaskOutcome, memory?: WorkerMemory): void {
    const running = this.running;
    if (running?.id !== id) return;
    if (memory) this.memory = memory;
    // Sent again at once, the worker still busy and the watchdog still counting: no other step can come between.
    if (outcome.ok && outcome.result.kind === 'needsTemplate' && running.resend) {
      running.resend();
      running.resend = undefined;
      return;
    }
    this.finish(outcome);
  }

  /** The step running now, if any: what a late part of its outcome (bytes on a pipe) belongs to. */
  protected get runningId(): number | undefined {
    return this.running?.id;
  }

  /** The worker has ended: the step it ran fails with why the pool ended it, else with `why`. */
  protected gone(why: RenderError): void {
    this.markExited();
    const beforeReady = !this.readied;
    this.state = 'dying';
    this.finish(this.endedFor ?? why);
    this.events.exited(this, beforeReady, why.message);
  }

  protected finish(outcome: TaskOutcome | RenderError): void {
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    clearTimeout(running.timer);
    if (this.state === 'busy') this.state = 'idle';
    running.settle(outcome);
  }

  /**
   * Runs one step within `limitMs`; resolves with its outcome, or with the RenderError that stopped it (a limit, the
   * worker's end). A step that cannot be sent (a value that cannot be serialised) fails at once and the worker stays idle.
   * A label with a templateKey is sent without its template; a worker that does not hold it asks, and gets it.
   */
  run(id: number, step: RenderStep, limitMs: number, team: string): Promise<TaskOutcome | RenderError> {
    return new Promise((settle) => {
      let resend: (() => void) | undefined;
      try {
        if (step.kind === 'label' && step.job.templateKey !== undefined) {
          this.post({ id, step: { ...step, job: { ...step.job, template: undefined } }, team });
          resend = () => {
            try {
              this.post({ id, step, team });
            } catch (error) {
              this.finish(unsendable(error));
            }
          };
        } else this.post({ id, step, team });
      } catch (error) {
        settle(unsendable(error));
        return;
      }
      this.state = 'busy';
      // The watchdog: past the limit the worker is ended, whatever it is doing.
      const timer = setTimeout(() => this.kill(new TimeLimitError(limitMs)), limitMs);
      this.running = { id, timer, settle, resend };
    });
  }

  send(message: PoolMessage): void {
    this.post(message);
  }

  /** Ends an idle worker (the pool closes, or replaces one holding too much memory). */
  stop(): void {
    this.kill(new RenderError('render stopped: its worker was stopped'));
  }

  /** Ends the worker; the step it runs fails with `reason`. Its slot stays taken until it has ended (WorkerEvents.exited). */
  kill(reason: RenderError): void {
    if (this.state === 'dying') return;
    this.endedFor = reason;
    this.state = 'dying';
    this.end();
  }
}
