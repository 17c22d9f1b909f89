// Prints through the system spooler: `lp -d QUEUE` (with -o raw for raw queues, -o NAME=VALUE for job options) and the document on lp's stdin.
import { spawn } from 'node:child_process';
import { PrinterError, printerErrorAt, seconds } from './printerError';

export interface SystemQueue {
  queue: string;
  /** The queue passes bytes to the printer untouched (ZPL); otherwise CUPS converts the document (PDF). */
  rawQueue: boolean;
  /** `name=value` job options, each passed as `-o name=value` (the media handling of a PDF queue). */
  jobOptions?: readonly string[];
}

export interface LpOptions {
  /** The lp executable (a name on PATH or a path); tests point it at a script. */
  lpCommand?: string;
  /** lp only hands the job to CUPS; a minute without exit means the spooler is stuck. */
  timeoutMs?: number;
}

/** What lp said it queued, e.g. "Zebra-12" from "request id is Zebra-12 (1 file(s))"; undefined if it did not say. */
export interface QueuedJob {
  requestId: string | undefined;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export function lpArguments({ queue, rawQueue, jobOptions = [] }: SystemQueue): string[] {
  return ['-d', queue, ...(rawQueue ? ['-o', 'raw'] : []), ...jobOptions.flatMap((option) => ['-o', option])];
}

export function printToQueue(target: SystemQueue, document: Uint8Array, options: LpOptions = {}): Promise<QueuedJob> {
  const lp = options.lpCommand ?? 'lp';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    // No shell: the queue name is one argument whatever it holds.
    const child = spawn(lp, lpArguments(target), { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let failure: PrinterError | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      // Not waiting for 'close': a process lp started may still hold its pipes open, and would hold this job with them.
      child.stdout.destroy();
      child.stderr.destroy();
      reject(
        printerErrorAt(
          'timeout',
          lp,
          (command) => `${command} did not finish within ${seconds(timeoutMs)}`,
          'the print command',
        ),
      );
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      failure ??=
        error.code === 'ENOENT'
          ? new PrinterError(
              'unreachable',
              `the print command ${JSON.stringify(lp)} was not found: install CUPS (its lp command) or configure the path`,
              'the print command was not found on the server',
            )
          : new PrinterError(
              'unreachable',
              `cannot run ${lp}: ${error.message}`,
              `cannot run the print command (${error.code ?? 'error'})`,
            );
    });
    // lp exiting early (unknown queue) closes stdin under us; its exit code and stderr tell the story, not EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(document);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code !== 0) {
        const said = stderr.trim() === '' ? '' : `: ${stderr.trim()}`;
        const exit = code === null ? `signal ${signal}` : `code ${code}`;
        // What lp said names the queue more often than not: API clients get the exit only.
        return reject(
          new PrinterError(
            'rejected',
            `${lp} -d ${target.queue} exited with ${exit}${said}`,
            `the print command exited with ${exit}`,
          ),
        );
      }
      resolve({ requestId: /request id is (\S+)/.exec(stdout)?.[1] });
    });
  });
}
