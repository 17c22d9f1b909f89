// Test support for the CLI's own tests: run the bundled `labelsmith` as a process and check the one JSON answer or the refusal.
import { expect } from 'vitest';
import { runNodeScript, type ProcessRun } from './runProcess';

/** `cli()` is the bundled script (known once beforeAll has bundled it). */
export function cliProcess(cli: () => string) {
  const run = (args: string[], env: Record<string, string> = {}): Promise<ProcessRun> =>
    runNodeScript(cli(), args, env);
  return {
    run,
    /** Runs a command that must succeed and returns its one JSON object. */
    async json(args: string[], env?: Record<string, string>): Promise<Record<string, unknown>> {
      const result = await run(args, env);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      return JSON.parse(result.stdout) as Record<string, unknown>;
    },
    /** Runs a command that must fail as bad input: nothing on stdout, `message` on stderr, exit code 2. */
    async refused(args: string[], message: RegExp, env?: Record<string, string>): Promise<void> {
      const result = await run(args, env);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
      expect(result.code).toBe(2);
    },
  };
}
