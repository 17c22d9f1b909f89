// e2e support: the builds the editor needs (made once if missing), then a served editor signed in in headless Chromium.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openSignedInEditor, type SignedInEditor } from '../../src-main/chromium/editorSession';

export { editorApi, type EditorServer, type SignedInEditor } from '../../src-main/chromium/editorSession';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/**
 * Builds out/renderer (electron-vite) and out/node when they are missing, for a test file run on its own; existing builds
 * are used as they are. `npm test` rebuilds both first (its pretest), so the journeys never drive a stale editor.
 */
export function ensureBuilds(): void {
  if (!existsSync(resolve(REPO_ROOT, 'out/renderer/index.html'))) {
    execSync('npx electron-vite build', { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  if (!existsSync(resolve(REPO_ROOT, 'out/node/cli/labelsmith.mjs'))) {
    execSync('npm run build:node', { cwd: REPO_ROOT, stdio: 'ignore' });
  }
}

/** The builds, a `labelsmith serve` on a temporary data dir, and a 1280x800 Chromium page signed in through the admin link. */
export async function startSignedInEditor(): Promise<SignedInEditor> {
  ensureBuilds();
  return openSignedInEditor({ cliPath: resolve(REPO_ROOT, 'out/node/cli/labelsmith.mjs'), viewport: { width: 1280, height: 800 } });
}
