// A folder of outputs (render outputs, print job documents) written durably under names made from ids, never from request input.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { coalescedSync } from '../files/coalescedSync';
import { PRIVATE_FILE_MODE, privateDir } from '../files/privateModes';
import { writeFileAtomicallyAsync } from '../files/writeOutput';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OUTPUT_NAME_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

/** Names are checked even though they come from the database: a bad one must not become a path outside the folder. */
function checkName(fileName: string): string {
  if (!OUTPUT_NAME_PATTERN.test(fileName)) throw new Error(`not an output file name: ${JSON.stringify(fileName)}`);
  return fileName;
}

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

/** `folder`: outputs/ for render outputs; print-jobs/ holds the documents of pending print jobs the same way. */
export function outputFiles(dataDir: string, folder = 'outputs') {
  const dir = join(dataDir, folder);
  privateDir(dir);
  const syncDir = coalescedSync(() => syncDirectory(dir));

  return {
    dir,

    /**
     * Writes outputs/<id>.<extension> completely (temp file, fsync, rename, directory fsync) and returns its name.
     * Resolves only once the file would survive a power cut: the render row that points at it is committed after.
     */
    async write(id: string, extension: string, bytes: Uint8Array): Promise<string> {
      if (!UUID_PATTERN.test(id)) throw new Error(`not a render id: ${JSON.stringify(id)}`);
      const fileName = checkName(`${id}.${extension}`);
      await writeFileAtomicallyAsync(join(dir, fileName), bytes, PRIVATE_FILE_MODE);
      await syncDir();
      return fileName;
    },

    read(fileName: string): Buffer {
      return readFileSync(join(dir, checkName(fileName)));
    },

    /** Absent files are fine: removal is what was wanted. */
    remove(fileName: string): void {
      rmSync(join(dir, checkName(fileName)), { force: true });
    },

    /**
     * Removes files no render row references (leftover temp files included) last modified before `cutoff` (epoch ms);
     * returns how many. Folders are left alone.
     */
    removeUnreferenced(referenced: ReadonlySet<string>, cutoff: number): number {
      let removed = 0;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isFile() || referenced.has(entry.name)) continue;
        const path = join(dir, entry.name);
        // Another process may have renamed or removed it since the listing.
        const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
        if (modified === undefined || modified >= cutoff) continue;
        rmSync(path, { force: true });
        removed += 1;
      }
      return removed;
    },

    exists(fileName: string): boolean {
      return existsSync(join(dir, checkName(fileName)));
    },
  };
}

export type OutputFiles = ReturnType<typeof outputFiles>;
