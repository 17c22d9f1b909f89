// The data directory is private on a real server: every folder 0700 and every file 0600 (database, WAL, outputs, admin token), old ones tightened.
import { chmodSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SUITE_DIALECT } from '../../test/support/store/storeTestSupport';
import {
  cli,
  expectRenderResult,
  makeDataDir,
  removeDataDir,
  render,
  startTestServer,
  tagTemplate,
  teamWithKeys,
  type TestServer,
} from '../../test/support/server/serverTestSupport';

const servers: TestServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(dirs.splice(0).map((dir) => removeDataDir(dir)));
});

/** Every entry under `dir` (itself included) with its permission bits, as 'path mode' lines. */
function modes(dir: string): Record<string, string> {
  const found: Record<string, string> = { '.': (statSync(dir).mode & 0o777).toString(8) };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    found[path.slice(dir.length + 1)] = (statSync(path).mode & 0o777).toString(8);
  }
  return found;
}

/** The database's own files in the data directory: on PostgreSQL there are none. */
const DATABASE_FILES = SUITE_DIALECT === 'sqlite' ? ['labelsmith.db', 'labelsmith.db-wal', 'labelsmith.db-shm'] : [];

describe.skipIf(process.platform === 'win32')('the data directory', () => {
  it('is created 0700 with every file in it 0600, the database, its WAL, the outputs and the admin token included', async () => {
    const parent = await makeDataDir();
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    const server = await startTestServer({ dataDir });
    servers.push(server);
    const team = await teamWithKeys(cli(dataDir), { plan: 'pro' }, ['live']);
    expectRenderResult(
      await render(server, team.live, { template: tagTemplate(), data: { title: 'private' }, format: 'zpl' }),
    );
    const found = modes(dataDir);
    expect(Object.keys(found)).toEqual(
      expect.arrayContaining(['.', ...DATABASE_FILES, 'outputs', 'print-jobs', 'admin-token']),
    );
    expect(Object.keys(found).some((path) => path.startsWith('outputs/'))).toBe(true);
    for (const [path, mode] of Object.entries(found)) {
      expect(mode, path).toBe(statSync(join(dataDir, path)).isDirectory() ? '700' : '600');
    }
  });

  it('is tightened when an older version made it readable by everyone, and keeps working', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    await (await startTestServer({ dataDir })).close();
    if (DATABASE_FILES.length > 0) writeFileSync(join(dataDir, 'labelsmith.db-wal'), '');
    writeFileSync(join(dataDir, 'outputs', '00000000-0000-4000-8000-000000000000.zpl'), '^XA^XZ');
    const older = modes(dataDir);
    for (const path of Object.keys(older))
      chmodSync(join(dataDir, path), statSync(join(dataDir, path)).isDirectory() ? 0o755 : 0o644);
    const server = await startTestServer({ dataDir });
    servers.push(server);
    const team = await teamWithKeys(cli(dataDir), { plan: 'pro' }, ['live']);
    expectRenderResult(
      await render(server, team.live, { template: tagTemplate(), data: { title: 'private' }, format: 'zpl' }),
    );
    // The folders and the files other users could have read are closed; inside a 0700 folder, an old output's mode no longer matters.
    expect(modes(dataDir)).toMatchObject({
      '.': '700',
      outputs: '700',
      'print-jobs': '700',
      'admin-token': '600',
      ...Object.fromEntries(DATABASE_FILES.slice(0, 1).map((file) => [file, '600'])),
    });
  });
});
