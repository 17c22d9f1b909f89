// Reads the CLI's input files ("-" is stdin) and parses JSON with errors that name the file.
import { readFileSync } from 'node:fs';
import { UsageError } from './cliErrors';

/** The file's bytes ("-": stdin); a file that cannot be read is a usage error naming it. */
export function readInputBytes(path: string, what: string): Buffer {
  try {
    return readFileSync(path === '-' ? 0 : path);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new UsageError(`cannot read ${what} file ${JSON.stringify(path)}: ${reason}`);
  }
}

export function readJsonFile(path: string, what: string): unknown {
  const text = readInputBytes(path, what).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(
      `${what} file ${JSON.stringify(path)} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
