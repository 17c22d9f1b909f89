// `labelsmith start` (what `npm start` runs) where Electron cannot start: it says why, serves the editor and prints a working sign-in link.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@shared/api/editorApi';
import { ADMIN_TOKEN_FILE } from '../server/adminSession';
import { buildCli, cleanupAll, tempDataDir } from '../../test/support/server/robustnessSupport';
import { DATABASE_FILE } from '../store/openStore';

let cli = '';
beforeAll(async () => {
  cli = await buildCli();
});
afterAll(cleanupAll);

/** Runs `start` until it has printed the editor's link; the caller stops it. */
function start(dataDir: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [cli, 'start', '--data-dir', dataDir, '--port', '0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/editor: \S+\n/.test(stdout)) resolve(stdout);
    });
    void exited.then((code) =>
      reject(new Error(`start exited (${String(code)}) before printing the editor link: ${stderr}`)),
    );
  });
  return { child, printed, exited };
}

describe('labelsmith start without a usable Electron', () => {
  it('serves the editor, prints why and the sign-in link that signs a browser in, and stops cleanly', async () => {
    const dataDir = tempDataDir();
    // An Electron dist folder with no binary in it: the same as a package whose download failed, on any machine.
    const env = {
      ...process.env,
      LABELSMITH_DATA_DIR: '',
      ELECTRON_OVERRIDE_DIST_PATH: tempDataDir(),
      DISPLAY: '',
      WAYLAND_DISPLAY: '',
    };
    const run = start(dataDir, env);
    const stdout = await run.printed;
    const [notice, listening, editor] = stdout.trimEnd().split('\n');
    expect(notice).toBe(
      "desktop app not started: Electron's binary is not installed (node_modules/electron has no dist/: its download failed or was not possible). Open the editor in a browser instead:",
    );
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(listening ?? '')?.[1];
    const link = /^editor: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43})$/.exec(editor ?? '')?.[1];
    expect(url).toBeDefined();
    expect(link?.startsWith(`${url}/`)).toBe(true);

    // The link signs a browser in: a session cookie, with which the editor's API answers.
    const signIn = await fetch(link ?? '', { redirect: 'manual' });
    expect(signIn.status).toBe(303);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    const session = await fetch(`${url}/api/session`, { headers: { Cookie: cookie } });
    expect(session.status).toBe(200);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(true);
    expect(existsSync(join(dataDir, ADMIN_TOKEN_FILE))).toBe(true);
  });
});
