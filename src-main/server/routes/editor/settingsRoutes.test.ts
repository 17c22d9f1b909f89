// /api/settings: LAN access and host names are stored for the next start; `labelsmith serve` without --host follows them.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorSettings } from '@shared/api/editorApi';
import { bundleForNode } from '../../../../test/support/store/storeTestSupport';
import { killServe, startServe } from '../../../../test/support/server/robustnessSupport';
import { api, startEditorServer, tempDir } from '../../../../test/support/server/editorTestSupport';

const REPO_ROOT = join(import.meta.dirname, '..', '..', '..', '..');
let cli: string;
beforeAll(async () => {
  cli = await bundleForNode(join(REPO_ROOT, 'src-main/cli/labelsmith.ts'));
});

/** Starts `labelsmith serve --port 0`, returns the address it says it listens on, then stops it. */
async function serveListensOn(dataDir: string, extraArgs: string[] = []): Promise<string> {
  const serve = await startServe(cli, dataDir, undefined, extraArgs);
  try {
    return new URL(serve.url).hostname;
  } finally {
    await killServe(serve);
  }
}

describe('/api/settings', () => {
  it('show the running address with nothing stored, store a change that needs a restart, and keep it across one', async () => {
    const dataDir = tempDir();
    const server = await startEditorServer({ dataDir });
    try {
      const initial = await api(server, '/api/settings');
      expect(initial.json<EditorSettings>()).toEqual({
        host: '127.0.0.1',
        port: server.port,
        lanAccess: false,
        allowedHostnames: [],
        viewerWithoutKey: false,
        restartRequired: false,
      });

      const changed = await api(server, '/api/settings', {
        method: 'PUT',
        json: { lanAccess: true, allowedHostnames: ['Labels.Example.org', 'labels.example.org', 'printer-room'] },
      });
      expect(changed.status).toBe(200);
      expect(changed.json<EditorSettings>()).toEqual({
        host: '127.0.0.1',
        port: server.port,
        lanAccess: true,
        allowedHostnames: ['labels.example.org', 'printer-room'],
        viewerWithoutKey: false,
        restartRequired: true,
      });
      // Stored, not applied: the running server still listens on loopback only.
      expect((await api(server, '/api/session')).json()).toMatchObject({ lanAccess: false, host: '127.0.0.1' });
      expect((await api(server, '/api/settings')).json<EditorSettings>().restartRequired).toBe(true);
    } finally {
      await server.close();
    }
    const again = await startEditorServer({ dataDir });
    try {
      expect((await api(again, '/api/settings')).json<EditorSettings>()).toMatchObject({
        lanAccess: true,
        allowedHostnames: ['labels.example.org', 'printer-room'],
      });
      const off = (
        await api(again, '/api/settings', { method: 'PUT', json: { lanAccess: false } })
      ).json<EditorSettings>();
      // Switching back to what the server runs with needs no restart; names stay as they were.
      expect(off).toMatchObject({ lanAccess: false, allowedHostnames: ['labels.example.org', 'printer-room'] });
    } finally {
      await again.close();
    }
  });

  it('refuse anything but a boolean switch and plain host names', async () => {
    const server = await startEditorServer();
    try {
      for (const json of [
        {},
        { lanAccess: 'yes' },
        { lanAccess: true, allowedHostnames: ['http://evil.example'] },
        { lanAccess: true, allowedHostnames: ['a b'] },
        { lanAccess: true, allowedHostnames: 'x' },
        { lanAccess: false, viewerWithoutKey: 'yes' },
      ]) {
        const answer = await api(server, '/api/settings', { method: 'PUT', json });
        expect(answer.status, JSON.stringify(json)).toBe(400);
        expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST' });
      }
      expect(await server.store.settings.get('lanAccess')).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe('labelsmith serve', () => {
  it('listens on every interface when LAN access is stored on and --host is not given; --host wins', async () => {
    const dataDir = tempDir();
    expect(await serveListensOn(dataDir)).toBe('127.0.0.1');
    const server = await startEditorServer({ dataDir });
    await api(server, '/api/settings', { method: 'PUT', json: { lanAccess: true } });
    await server.close();
    expect(await serveListensOn(dataDir)).toBe('0.0.0.0');
    expect(await serveListensOn(dataDir, ['--host', '127.0.0.1'])).toBe('127.0.0.1');
  });

  it('answers the ZPL viewer without a key once the setting is stored on and the server restarted', async () => {
    const dataDir = tempDir();
    /** A Labelary client's request: no Authorization header. */
    const keyless = async (): Promise<{ status: number; type: string | null }> => {
      const serve = await startServe(cli, dataDir);
      try {
        const response = await fetch(`${serve.url}/v1/printers/8dpmm/labels/2x1/0/`, {
          method: 'POST',
          body: '^XA^FO10,10^GB50,50,50^FS^XZ',
        });
        await response.arrayBuffer();
        return { status: response.status, type: response.headers.get('content-type') };
      } finally {
        await killServe(serve);
      }
    };
    expect((await keyless()).status).toBe(401);
    const server = await startEditorServer({ dataDir });
    try {
      const stored = await api(server, '/api/settings', {
        method: 'PUT',
        json: { lanAccess: false, viewerWithoutKey: true },
      });
      expect(stored.json<EditorSettings>()).toMatchObject({ viewerWithoutKey: true, restartRequired: true });
    } finally {
      await server.close();
    }
    expect(await keyless()).toEqual({ status: 200, type: 'image/png' });
  });
});
