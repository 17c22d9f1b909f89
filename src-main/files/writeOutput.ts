// Writes files so no reader ever sees half of one (temp file, fsync, rename), and rendered outputs to stdout.
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  openSync,
  rename,
  renameSync,
  rm,
  rmSync,
  writeFile,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';

const writeFileWithCallbacks = promisify(writeFile);
const renameWithCallbacks = promisify(rename);
const removeWithCallbacks = promisify(rm);

/** Beside the final file (a rename within one folder is atomic), named so no two writers of one path share it. */
function temporaryPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset);
}

/**
 * A reader of the file never sees half an output: it appears whole or not at all. With `mode` (e.g. 0o600 for a
 * secret), the permissions are set before the first byte is written, so the content is never readable by others.
 */
export function writeFileAtomically(path: string, bytes: Uint8Array, mode?: number): void {
  const temporary = temporaryPathFor(path);
  const fd = openSync(temporary, 'w');
  try {
    // fchmod rather than open's mode: open ignores it for a leftover temporary file and applies the umask.
    if (mode !== undefined) fchmodSync(fd, mode);
    writeAll(fd, bytes);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, path);
}

/**
 * writeFileAtomically off the event loop (libuv's threads write and sync): for the render path, where a synced write
 * of each output on the main thread took a third of its time. The caller syncs the folder once the file is renamed.
 * One writeFile with flush (open, write, fsync and close run together in libuv) rather than four awaited FileHandle
 * calls: fewer trips through the event loop per render.
 */
export async function writeFileAtomicallyAsync(path: string, bytes: Uint8Array, mode: number): Promise<void> {
  const temporary = temporaryPathFor(path);
  try {
    // flush: fsync once the bytes are written. mode: the new file's permissions (less the umask), e.g. 0o600.
    await writeFileWithCallbacks(temporary, bytes, { flush: true, mode });
  } catch (error) {
    await removeWithCallbacks(temporary, { force: true });
    throw error;
  }
  await renameWithCallbacks(temporary, path);
}

export async function writeStdout(bytes: Uint8Array): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    process.stdout.write(bytes, (error) => (error ? reject(error) : resolve()));
  });
}
