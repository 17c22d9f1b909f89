// The desktop app: Electron starts the embedded server, its window shows the signed-in editor from that server, the
// preload bridge answers, and a template renders through the server. Runs only where Electron's binary is installed:
// the electron package downloads it from outside the npm registry, which is not possible everywhere.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EDITOR_HEADER } from '@shared/api/editorApi';
import type { AppInfo, LabelsmithApi } from '@shared/api/ipc';
import { findElectronBinary, readTextIfPresent } from '@main/cli/launchChoice';
import { electronAddonPath } from '@main/desktop/electronNative';
import { loadSample } from '@main/samples/sampleTemplates';
import { decodePng } from '../test/support/chromium/pixels';
import { ensureBuilds, REPO_ROOT } from '../test/support/chromium/editorServer';

const electronBinary = findElectronBinary({
  electronDir: resolve(REPO_ROOT, 'node_modules/electron'),
  env: process.env,
  exists: existsSync,
  readText: readTextIfPresent,
});

if (electronBinary === undefined) {
  console.warn(
    "electronSmoke: SKIPPED: Electron's binary is not installed here (node_modules/electron/dist is missing), so the desktop app cannot start.",
  );
}

/** The desktop build of main and preload, and better-sqlite3 built for Electron (which needs Electron's headers). */
function ensureDesktopBuilds(): void {
  ensureBuilds();
  if (!existsSync(resolve(REPO_ROOT, 'out/main/index.js')))
    execSync('npx electron-vite build', { cwd: REPO_ROOT, stdio: 'ignore' });
  if (!existsSync(electronAddonPath(REPO_ROOT)))
    execSync('npm run build:electron-native', { cwd: REPO_ROOT, stdio: 'inherit' });
}

describe('the desktop app', () => {
  it.skipIf(electronBinary === undefined)(
    'opens the editor from its embedded server, signed in, and renders a template through it',
    async () => {
      ensureDesktopBuilds();
      const dataDir = mkdtempSync(join(tmpdir(), 'labelsmith-desktop-'));
      const app = await electron.launch({
        executablePath: electronBinary,
        // Chromium refuses to run as root without this (CI containers); a desktop user never needs it.
        args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), REPO_ROOT],
        // Port 0: any free port, so the test never collides with a running `labelsmith serve`.
        env: { ...process.env, LABELSMITH_DATA_DIR: dataDir, LABELSMITH_PORT: '0' },
      });
      try {
        const window = await app.firstWindow();
        // The gallery is only shown to a signed-in session: no token was typed or passed in the URL.
        await window.getByRole('heading', { name: 'Templates' }).waitFor({ timeout: 30_000 });
        const origin = new URL(window.url()).origin;
        expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(window.url()).not.toContain('token=');

        // The bridge: app info names this data directory and this server.
        const info = await window.evaluate(
          () => (globalThis as { labelsmith?: LabelsmithApi }).labelsmith?.appInfo() ?? null,
        );
        expect(info).toEqual<AppInfo>({ version: expect.any(String) as string, dataDir, serverUrl: origin });

        // A render through the embedded server, from the page with its session, as the preview does.
        const { template, data } = loadSample('shipping-4x6');
        const base64 = await window.evaluate(
          async ({ template: content, data: record, header }) => {
            const response = await fetch('/api/preview', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', [header]: '1' },
              body: JSON.stringify({ template: content, data: record, format: 'png', dpi: 50 }),
            });
            if (!response.ok) throw new Error(`preview answered ${response.status}: ${await response.text()}`);
            const bytes = new Uint8Array(await response.arrayBuffer());
            return btoa(String.fromCharCode(...bytes));
          },
          { template, data, header: EDITOR_HEADER },
        );
        const png = decodePng(Buffer.from(base64, 'base64'));
        // 4 x 6 in at 50 dpi.
        expect({ width: png.width, height: png.height }).toEqual({ width: 200, height: 300 });
      } finally {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
