// The folder implementation of OutputStore: outputs/ or print-jobs/ of the data directory, written durably under names made from ids, never from request input.
import { constants } from 'node:fs';
import { access, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { coalescedSync } from '../files/coalescedSync';
import { PRIVATE_FILE_MODE, privateDir } from '../files/privateModes';
import { writeFileAtomicallyAsync } from '../files/writeOutput';
import {
  checkOutputName,
  OUTPUT_AREAS,
  outputName,
  removeUnreferencedPage,
  sweepPages,
  unlessAbsent,
  type OutputArea,
  type OutputStore,
} from './outputStore';

/** The rename is durable only once the directory entry is on disk too. Windows cannot open a directory to sync it. */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isAbsent(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** `area`: outputs/ for render outputs; print-jobs/ holds the documents of print jobs the same way. */
export function outputFiles(
  dataDir: string,
  area: OutputArea = OUTPUT_AREAS.outputs,
): OutputStore & { readonly dir: string } {
  const dir = join(dataDir, area);
  privateDir(dir);
  const syncDir = coalescedSync(() => syncDirectory(dir));
  const pathOf = (fileName: string): string => join(dir, checkOutputName(fileName));

  return {
    kind: 'folder',
    dir,

    /** Temp file, fsync, rename, directory fsync: the file would survive a power cut once this resolves. */
    async write(id, extension, bytes) {
      const fileName = outputName(id, extension);
      await writeFileAtomicallyAsync(join(dir, fileName), bytes, PRIVATE_FILE_MODE);
      await syncDir();
      return fileName;
    },

    async read(fileName) {
      return readFile(pathOf(fileName));
    },

    async ready() {
      await access(dir, constants.W_OK);
    },

    async openRead(fileName) {
      const handle = await unlessAbsent(open(pathOf(fileName), 'r'), isAbsent);
      if (handle === undefined) return undefined;
      // Opened before it is answered: a purge that removes the file now cannot cut the download short.
      const { size } = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      // The stream closes the handle when it ends or is destroyed (a client that hangs up).
      return { body: handle.createReadStream(), size };
    },

    async size(fileName) {
      return (await unlessAbsent(stat(pathOf(fileName)), isAbsent))?.size;
    },

    async remove(fileName) {
      await rm(pathOf(fileName), { force: true });
    },

    async removeUnreferenced(referenced, cutoff) {
      const old: string[] = [];
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (!entry.isFile()) continue;
        // Another process may have renamed or removed it since the listing.
        const modified = (await stat(join(dir, entry.name)).catch(() => undefined))?.mtimeMs;
        if (modified !== undefined && modified < cutoff) old.push(entry.name);
      }
      let removed = 0;
      for (const page of sweepPages(old))
        removed += await removeUnreferencedPage(page, referenced, (name) => rm(join(dir, name), { force: true }));
      return removed;
    },
  };
}
