// Test support: a real `labelsmith watch` process (the bundled CLI) whose JSON lines are collected, stopped or killed with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { testDatabaseEnvFor } from '../store/storeTestSupport';

export interface WatchProcess {
  child: ChildProcess;
  /** Every JSON line after the first ("watching"): one a file handled. */
  readonly outcomes: Record<string, unknown>[];
  /** Resolves once `count` files were handled (or rejects if the process exits first). */
  handled(count: number): Promise<void>;
  stderr(): string;
  /** SIGKILL, as a crash: nothing of the process runs after it. */
  kill9(): Promise<void>;
  /** SIGTERM: the clean stop. */
  stop(): Promise<void>;
}

/** Starts `labelsmith watch DIR --data-dir DATA ARGS` and resolves once it printed its "watching" line. */
export async function startWatch(
  cli: string,
  dataDir: string,
  dir: string,
  args: readonly string[],
): Promise<WatchProcess> {
  const commandLine = ['watch', dir, '--data-dir', dataDir, ...args];
  const child = spawn(process.execPath, [cli, ...commandLine], {
    env: { ...process.env, LABELSMITH_DATA_DIR: '', ...(await testDatabaseEnvFor(commandLine)) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const outcomes: Record<string, unknown>[] = [];
  const listeners = new Set<() => void>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let started: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (started = resolve));
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const lines = stdout.split('\n');
    stdout = lines.pop() ?? '';
    for (const line of lines) {
      const value = JSON.parse(line) as Record<string, unknown>;
      if ('watching' in value) started();
      else outcomes.push(value);
    }
    for (const listener of listeners) listener();
  });
  await Promise.race([
    ready,
    exited.then(() => {
      throw new Error(`watch exited before watching: ${stderr}`);
    }),
  ]);
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    child,
    outcomes,
    handled: (count) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (outcomes.length < count) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
        void exited.then(() => reject(new Error(`watch exited after ${outcomes.length} files: ${stderr}`)));
      }),
    stderr: () => stderr,
    kill9: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}
