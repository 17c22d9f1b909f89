// e2e support: the builds the editor needs (made when missing or stale), then a served editor signed in in headless Chromium.
import { execSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { openSignedInEditor, type SignedInEditor } from './editorSession';
import { testDatabaseEnv } from '../store/storeTestSupport';

export { editorApi, type EditorServer, type SignedInEditor } from './editorSession';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** The newest modification time of the files under these folders of the repository. */
function newestSource(folders: string[]): number {
  let newest = 0;
  for (const folder of folders) {
    for (const entry of readdirSync(resolve(REPO_ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** A build is made again when it is missing or older than a source it is made from. */
function isStale(output: string, sources: string[]): boolean {
  const built = statSync(resolve(REPO_ROOT, output), { throwIfNoEntry: false })?.mtimeMs;
  return built === undefined || built < newestSource(sources);
}

/** A lock older than this was left by a killed run: builds take seconds, not minutes. */
const LOCK_ABANDONED_MS = 5 * 60_000;

/** Runs `build` holding a lock file, so test files starting together in parallel workers build once, one at a time. */
function underBuildLock(build: () => void): void {
  const lock = resolve(REPO_ROOT, 'out/.e2e-build.lock');
  mkdirSync(dirname(lock), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_ABANDONED_MS) rmSync(lock, { force: true });
      else Atomics.wait(pause, 0, 0, 200);
    }
  }
  try {
    build();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Builds out/renderer (electron-vite) and out/node when missing or older than their sources, so a test file run on its
 * own never drives a stale editor; `npm test` builds both first anyway (its pretest), and then nothing is rebuilt here.
 */
export function ensureBuilds(): void {
  underBuildLock(() => {
    if (isStale('out/renderer/index.html', ['src-renderer', 'src-shared'])) {
      execSync('npx electron-vite build --logLevel warn', { cwd: REPO_ROOT, stdio: 'ignore' });
    }
    if (isStale('out/node/cli/labelsmith.mjs', ['src-main', 'src-shared'])) {
      execSync('npm run build:node', { cwd: REPO_ROOT, stdio: 'ignore' });
    }
  });
}

/** The builds, a `labelsmith serve` on a temporary data dir, and a 1280x800 Chromium page signed in through the admin link. */
export async function startSignedInEditor(): Promise<SignedInEditor> {
  ensureBuilds();
  return openSignedInEditor({
    cliPath: resolve(REPO_ROOT, 'out/node/cli/labelsmith.mjs'),
    envFor: testDatabaseEnv,
    viewport: { width: 1280, height: 800 },
  });
}
