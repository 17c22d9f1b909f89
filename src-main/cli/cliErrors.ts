// How the CLI reports failures: a message naming the problem on stderr and exit code 2 for bad input, 1 for faults.
import { CommanderError } from 'commander';
import { AppError, InvalidTemplateError } from '@shared/errors';

/** Bad input to a command that is not an AppError from the engine (unreadable file, malformed JSON, bad option). */
export class UsageError extends Error {}

export const EXIT_BAD_INPUT = 2;
export const EXIT_FAULT = 1;

export function describeFailure(error: unknown): { message: string; exitCode: number } {
  if (error instanceof InvalidTemplateError) {
    const lines = error.errors.map((problem) => `  ${problem.path || '(template)'}: ${problem.message}`);
    return { message: `error: invalid template (${error.code}):\n${lines.join('\n')}`, exitCode: EXIT_BAD_INPUT };
  }
  if (error instanceof AppError)
    return { message: `error: ${error.message} (${error.code})`, exitCode: EXIT_BAD_INPUT };
  if (error instanceof UsageError) return { message: `error: ${error.message}`, exitCode: EXIT_BAD_INPUT };
  if (error instanceof CommanderError) return { message: '', exitCode: error.exitCode === 0 ? 0 : EXIT_BAD_INPUT };
  return { message: `error: ${error instanceof Error ? error.message : String(error)}`, exitCode: EXIT_FAULT };
}
