// A hot folder's setup checked once for every way it is started (`labelsmith watch`, the editor's /api, the server's watchers): the folder is a directory it can read and write.
import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AppError } from '@shared/errors';

/** A folder a hot folder cannot use, with the stable code saying which way: it is not there, or not writable. */
export class HotFolderPathError extends AppError {
  constructor(code: 'FOLDER_NOT_FOUND' | 'FOLDER_NOT_WRITABLE', message: string) {
    super(code, 400, message);
  }
}

/**
 * The folder's real path (claims are recorded under it, so a link or a relative path names the same folder), once it
 * is a directory this process may read and write: files are moved to its done/ and failed/ folders.
 */
export async function hotFolderPath(dir: string): Promise<string> {
  const given = JSON.stringify(dir);
  const path = dir.trim() === '' ? undefined : await realpath(resolve(dir)).catch(() => undefined);
  if (path === undefined || !(await stat(path)).isDirectory())
    throw new HotFolderPathError(
      'FOLDER_NOT_FOUND',
      `${given} is not a folder on the machine running Labelsmith: create it, or correct the path`,
    );
  try {
    await access(path, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    throw new HotFolderPathError(
      'FOLDER_NOT_WRITABLE',
      `${given} cannot be read and written by Labelsmith (it moves each file to done/ or failed/ in it): change its permissions`,
    );
  }
  return path;
}
