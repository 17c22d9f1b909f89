// Test support: runs a bundled Node entry (the labelsmith CLI) as a real process and collects its exit code and output.
import { spawn } from 'node:child_process';
import { testDatabaseEnvFor } from '../store/storeTestSupport';

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * LABELSMITH_DATA_DIR is cleared unless `env` sets it, so a developer's own data directory is never touched. A command
 * naming a --data-dir runs on the suite's database for it (PostgreSQL in the suite's second pass) unless `env` names one.
 * `stdin` is piped in when given.
 */
export async function runNodeScript(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  stdin?: string,
): Promise<ProcessRun> {
  const suiteEnv = await testDatabaseEnvFor(args);
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, LABELSMITH_DATA_DIR: '', ...suiteEnv, ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  const { stdout: out, stderr: err } = child;
  if (!out || !err) throw new Error('the process has no output pipes');
  let stdout = '';
  let stderr = '';
  out.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  err.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (stdin !== undefined) child.stdin?.end(stdin);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
