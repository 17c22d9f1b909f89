// The start shared by `labelsmith serve` and the desktop app: store, pool and server on the data directory, the editor's settings applied.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/openStore';
import { startEmbeddedServer } from './startEmbeddedServer';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-embedded-'));
  dirs.push(dir);
  return dir;
}
const logger = pino({ level: 'silent' });
/** The addon npm built for Node: what the desktop app passes is the same kind of file, built for Electron. */
const nodeAddon = join(
  createRequire(import.meta.url).resolve('better-sqlite3/package.json'),
  '..',
  'build',
  'Release',
  'better_sqlite3.node',
);

describe('startEmbeddedServer', () => {
  it('serves on loopback with the given addon, links the editor with the admin token, and closes the store on close', async () => {
    const dir = dataDir();
    const server = await startEmbeddedServer({ dataDir: dir, port: 0, logger, nativeBinding: nodeAddon });
    try {
      expect(server.host).toBe('127.0.0.1');
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      expect(server.adminLink).toBe(`${server.url}/?token=${server.adminToken}`);
      const signIn = await fetch(server.adminLink, { redirect: 'manual' });
      expect(signIn.status).toBe(303);
    } finally {
      await server.close();
    }
    // Closed: the database opens again and holds what the server made (the editor's workspace team).
    const store = await openStore(dir);
    expect(await store.settings.get('workspaceTeamId')).toEqual(expect.any(String));
    await store.close();
  });

  it("listens on every interface when the editor's LAN access setting is on, unless a host is given", async () => {
    const dir = dataDir();
    const store = await openStore(dir);
    await store.settings.set('lanAccess', true);
    await store.close();
    const lan = await startEmbeddedServer({ dataDir: dir, port: 0, logger });
    await lan.close();
    expect(lan.host).toBe('0.0.0.0');
    // The sign-in link still names an address a browser on this machine can open.
    expect(lan.adminLink.startsWith(`http://127.0.0.1:${lan.port}/`)).toBe(true);
    const pinned = await startEmbeddedServer({ dataDir: dir, port: 0, host: '127.0.0.1', logger });
    await pinned.close();
    expect(pinned.host).toBe('127.0.0.1');
  });

  it('fails to start, leaving nothing running, when the addon is not one', async () => {
    const dir = dataDir();
    const notAnAddon = join(dir, 'better_sqlite3.node');
    writeFileSync(notAnAddon, 'not a shared object');
    await expect(startEmbeddedServer({ dataDir: dir, port: 0, logger, nativeBinding: notAnAddon })).rejects.toThrow();
  });

  it('fails with the EADDRINUSE code the desktop app explains when the port is taken', async () => {
    const first = await startEmbeddedServer({ dataDir: dataDir(), port: 0, logger });
    try {
      await expect(startEmbeddedServer({ dataDir: dataDir(), port: first.port, logger })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await first.close();
    }
  });
});
