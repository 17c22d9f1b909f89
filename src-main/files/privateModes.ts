// The data directory is the user's alone: folders 0700 and files 0600, so no other local user reads the database, outputs or admin token.
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * chmod where the platform has Unix modes. A missing file is fine (nothing to protect yet); so is one owned by someone
 * else (EPERM: a folder shared on purpose keeps working, with the modes its owner chose).
 */
function tighten(path: string, mode: number): void {
  if (process.platform === 'win32') return;
  try {
    chmodSync(path, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}

/** Creates the folder 0700 (its missing parents too), or tightens an existing one: made before 0700, it was 0755. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

/** Creates the file empty and 0600 if it is missing (without writing to one that exists), else tightens it to 0600. */
export function privateFile(path: string): void {
  // 'a': create if missing, never truncate.
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  tighten(path, PRIVATE_FILE_MODE);
}

/** Tightens a file that exists to 0600 and leaves a missing one missing. */
export function tightenFile(path: string): void {
  tighten(path, PRIVATE_FILE_MODE);
}
