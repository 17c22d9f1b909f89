import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { removeOrphans } from './removeOrphans';
import {
  bundleForNode,
  openTestStore,
  outputsDir,
  tempDataDir,
  sqliteOf,
} from '../../test/support/store/storeTestSupport';

let writer = '';
beforeAll(async () => {
  writer = await bundleForNode(join(import.meta.dirname, '..', '..', 'test', 'support', 'store', 'crashWriter.ts'));
});

/** Runs the writer until it has answered `answers` renders plus a random extra moment, then kills it with SIGKILL. */
async function killWhileWriting(dataDir: string, teamId: string, answers: number): Promise<Map<string, number>> {
  const child = spawn(process.execPath, [writer, dataDir, teamId], { stdio: ['ignore', 'pipe', 'pipe'] });
  const answered = new Map<string, number>();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let pending = '';
  await new Promise<void>((resolve, reject) => {
    child.on('exit', () =>
      answered.size >= answers ? resolve() : reject(new Error(`writer stopped early: ${stderr}`)),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [id, n] = line.split(' ');
        if (id !== undefined && n !== undefined) answered.set(id, Number(n));
      }
      if (answered.size >= answers && child.exitCode === null && !child.killed)
        setTimeout(() => child.kill('SIGKILL'), Math.random() * 30);
    });
  });
  return answered;
}

describe('a kill -9 at any moment', () => {
  it('loses no answered render: each is downloadable whole and counted after restart, and orphans go', async () => {
    const dataDir = tempDataDir();
    const setup = await openTestStore(dataDir);
    const team = await setup.teams.create({ name: 'Crash', plan: 'enterprise' });
    await setup.close();

    const answered = new Map<string, number>();
    for (let round = 0; round < 4; round += 1) {
      for (const [id, n] of await killWhileWriting(dataDir, team.id, 5 + round * 3)) answered.set(id, n);

      const store = await openTestStore(dataDir);
      for (const [id, n] of answered) {
        const render = await store.renders.get(id);
        expect(render, `render ${id} was answered`).toBeDefined();
        const bytes = await store.outputs.read(render?.fileName ?? '');
        expect(bytes.length).toBe(render?.sizeBytes);
        expect(bytes.length).toBe(1 + ((n * 7919) % (256 * 1024)));
        expect(bytes.every((byte) => byte === n % 251)).toBe(true);
      }
      // Every committed row was counted with it, answered or not (the kill may fall between commit and answer).
      const rows = sqliteOf(store)
        .prepare<[], { mode: string; n: number }>('SELECT mode, count(*) AS n FROM renders GROUP BY mode')
        .all();
      const counts = sqliteOf(store)
        .prepare<[string], { live: number; test: number }>(
          'SELECT sum(live) AS live, sum(test) AS test FROM usage_monthly WHERE team_id = ?',
        )
        .get(team.id);
      expect(counts?.live).toBe(rows.find((row) => row.mode === 'live')?.n ?? 0);
      expect(counts?.test).toBe(rows.find((row) => row.mode === 'test')?.n ?? 0);

      await removeOrphans(store, 0);
      const files = new Set(readdirSync(outputsDir(store)));
      const fileNames = (await store.renders.listFiles()).map((row) => row.fileName);
      expect([...files].sort()).toEqual([...fileNames].sort());
      await store.close();
    }
    expect(answered.size).toBeGreaterThanOrEqual(5 + 8 + 11 + 14);
  });
});
