// The Electron shell opens its window and renders a sample through the preload bridge (main process → render engine).
// Runs only where Electron's binary is installed: the package's postinstall download is not possible everywhere.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LabelsmithApi } from '../src-shared/api/ipc';
import { decodePng } from './support/pixels';
import { ensureBuilds, REPO_ROOT } from './support/editorServer';

/** electron's package writes path.txt and dist/ when its binary is downloaded; without them there is nothing to launch. */
const ELECTRON_DIR = resolve(REPO_ROOT, 'node_modules/electron');
const electronInstalled = existsSync(resolve(ELECTRON_DIR, 'path.txt')) && existsSync(resolve(ELECTRON_DIR, 'dist'));
const MAIN_ENTRY = resolve(REPO_ROOT, 'out/main/index.js');

if (!electronInstalled) {
  console.warn('electronSmoke: skipped because Electron\'s binary is not installed here (node_modules/electron/dist is missing).');
}

describe('Electron shell', () => {
  it.skipIf(!electronInstalled)('opens the window and renders a sample PNG through the preload bridge', async () => {
    ensureBuilds();
    if (!existsSync(MAIN_ENTRY)) throw new Error('out/main/index.js is missing: run npx electron-vite build');
    const app = await electron.launch({ args: [MAIN_ENTRY], cwd: REPO_ROOT });
    try {
      const appWindow = await app.firstWindow();
      await appWindow.waitForLoadState('domcontentloaded');
      expect(await appWindow.title()).toMatch(/Labelsmith/);
      // The bridge is the only way the page reaches the main process; the render runs there with the real engine.
      const result = await appWindow.evaluate(async () => {
        const bridge = (globalThis as { labelsmith?: LabelsmithApi }).labelsmith;
        if (!bridge) throw new Error('window.labelsmith is missing: the preload did not run');
        return bridge.renderSample('shipping-4x6', 'png');
      });
      expect(result.contentType).toBe('image/png');
      const png = decodePng(Buffer.from(result.base64, 'base64'));
      expect(png.width).toBeGreaterThan(100);
      expect(png.height).toBeGreaterThan(png.width);
    } finally {
      await app.close();
    }
  }, 60_000);
});
