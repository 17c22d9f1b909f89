// Starts and stops real `labelsmith serve` processes (a bundled CLI): for the server tests and the bench, free of any test runner.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

/** Starts `labelsmith serve --port 0 ARGS` (with `env` added) and resolves once it printed its `listening on http(s)://H:P` line. */
export function startServe(
  cli: string,
  dataDir: string,
  timeoutMs = 20_000,
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [cli, 'serve', '--data-dir', dataDir, '--port', '0', ...args], {
    env: { ...process.env, LABELSMITH_DATA_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start within ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (https?:\/\/\S+)\n/.exec(stdout);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve({ child, url: match[1], exited, stderr: () => stderr });
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${String(code)} ${String(signal)}) before listening: ${stderr}`));
    });
  });
}

/** Stops a serve process that is still running (SIGKILL) and waits for it. */
export async function killServe(serve: ServeProcess | undefined): Promise<void> {
  if (!serve) return;
  if (serve.child.exitCode === null && serve.child.signalCode === null) serve.child.kill('SIGKILL');
  await serve.exited;
}
