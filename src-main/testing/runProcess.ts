// Test support: runs a bundled Node entry (the labelsmith CLI) as a real process and collects its exit code and output.
import { spawn } from 'node:child_process';

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** LABELSMITH_DATA_DIR is cleared unless `env` sets it, so a developer's own data directory is never touched. */
export function runNodeScript(script: string, args: string[], env: Record<string, string> = {}): Promise<ProcessRun> {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, LABELSMITH_DATA_DIR: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
