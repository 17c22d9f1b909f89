import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../test/support/store/postgresTestSupport';
import { bundleForNode, openTestStore, STORE_DIALECTS, tempDataDir } from '../../test/support/store/storeTestSupport';

let writer = '';
beforeAll(async () => {
  writer = await bundleForNode(join(import.meta.dirname, '..', '..', 'test', 'support', 'store', 'raceWriter.ts'));
});

function runWriter(args: string[]): Promise<string[]> {
  const child = spawn(process.execPath, [writer, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0
        ? resolve(stdout.trim().split('\n'))
        : reject(new Error(`raceWriter exited with ${String(code)}: ${stderr}`)),
    );
  });
}

describe.each(STORE_DIALECTS)('several processes on one %s store', (dialect) => {
  it('never get the same counter value twice, and each job is claimed by exactly one of them', async () => {
    const dataDir = tempDataDir();
    const databaseUrl = dialect === 'postgres' ? await freshDatabaseUrl() : undefined;
    const store = await openTestStore(dataDir, databaseUrl === undefined ? {} : { databaseUrl });
    const team = await store.teams.create({ name: 'Race', plan: 'enterprise' });
    const jobs: string[] = [];
    for (let n = 1; n <= 10; n += 1) {
      const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      await store.printJobs.create({
        id,
        teamId: team.id,
        apiKeyId: null,
        mode: 'live',
        printerId: 'p',
        format: 'zpl',
        labelCount: 1,
        copies: 1,
        warnings: [],
      });
      jobs.push(id);
    }
    const writers = ['a', 'b', 'c'].map((token) =>
      runWriter([dataDir, databaseUrl ?? '-', team.id, token, jobs.join(',')]),
    );
    const lines = (await Promise.all(writers)).flat();

    // 3 processes × 40 blocks of 3 values: 360 values, 1..360, each handed out once.
    const firsts = lines.filter((line) => line.startsWith('reserved ')).map((line) => Number(line.split(' ')[1]));
    const values = firsts.flatMap((first) => [first, first + 1, first + 2]).sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: 360 }, (_, index) => index + 1));
    expect((await store.counters.peek(team.id, { parcel: { start: 1, step: 1 } })).parcel).toBe(361);

    const claimed = lines.filter((line) => line.startsWith('claimed ')).map((line) => line.split(' ')[1]);
    expect([...claimed].sort()).toEqual([...jobs].sort());
  });
});
