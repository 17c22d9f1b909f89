// Test support: bundles TypeScript entries for node exactly as package.json's build:node does, into a private folder.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
/** As build:node's --alias:kysely (package.json). */
const KYSELY_ENTRY = join(REPO_ROOT, 'node_modules', 'kysely', 'dist', 'esm', 'index.js');

/**
 * Bundles each entry to `<dir>/<name>.mjs` (names may hold folders: 'cli/labelsmith') and returns `dir`. The folder
 * sits inside the repository so the external packages resolve from node_modules, and not in out/, which other builds
 * rewrite at any time: a stale out/ CLI would set up a database with another schema than the code under test.
 * The caller removes the folder when its tests are done.
 */
export async function bundleForTests(
  entryPoints: Record<string, string>,
  prefix = 'labelsmith-test-',
): Promise<string> {
  const cache = join(REPO_ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, prefix));
  await build({
    entryPoints,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    // Kysely is bundled in, by its ESM entry's path (a path is no package, so it is not external): as the 280 files of
    // its package, loading it cost every CLI command that opens the store about 0.2 s of CPU.
    alias: { kysely: KYSELY_ENTRY },
    target: 'node20',
    loader: { '.sql': 'text' },
    // Shared code in chunks/, each command's in its own: the CLI loads only the command it runs (see labelsmith.ts).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
  return dir;
}

export const SOURCE_ENTRIES = {
  cli: join(REPO_ROOT, 'src-main', 'cli', 'labelsmith.ts'),
  renderWorker: join(REPO_ROOT, 'src-main', 'render', 'renderWorker.ts'),
};
