// The store's share of an API render, in process on SQLite (or PostgreSQL): the key and team, the template, the usage count (its statements alone, and committed); CPU a call, without HTTP, the render pool or the output.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadParcelWithLogo } from '@main/samples/sampleTemplates';
import { publishedVersion } from '@main/server/templateAccess';
import { openStore } from '@main/store/openStore';
import { countRenders, countRendersAhead } from '@main/store/recordRender';
import { createBenchTeam, publishSample } from './benchServer';
import { formatMs, measure, printTable } from './measure';

const ITERATIONS = 5_000;

export async function hotQueriesBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'labelsmith-bench-'));
  // LABELSMITH_DATABASE_URL (a postgres:// URL, as `serve` takes it) runs it on PostgreSQL; default SQLite.
  const databaseUrl = process.env.LABELSMITH_DATABASE_URL || undefined;
  const store = await openStore(dataDir, databaseUrl === undefined ? {} : { databaseUrl });
  const loadAtStart = loadavg()[0]?.toFixed(2);
  try {
    const { teamId, key } = await createBenchTeam(store);
    const templateId = await publishSample(store, teamId, loadParcelWithLogo());
    const auth = await store.apiKeys.authenticate(key);
    if (!auth) throw new Error('the bench key does not authenticate');
    const steps: [string, () => Promise<unknown>][] = [
      ['the key and its team (authenticate)', () => store.apiKeys.authenticate(key)],
      ['the published template (publishedVersion)', () => publishedVersion(store, auth, templateId)],
      // The statements alone: on SQLite a transaction that waits for no sync (the disk's share varies most between runs).
      [
        'the usage count in a transaction (countRenders; SQLite: not synced)',
        () => store.transientTransaction((trx) => countRenders(trx, teamId, 'live', trx.now(), 1)),
      ],
      [
        'the usage count, committed (inline: countRendersAhead)',
        () => countRendersAhead(store, teamId, 'live', 1).settle(1),
      ],
      [
        'the three, as one request',
        async () => {
          const found = await store.apiKeys.authenticate(key);
          if (!found) throw new Error('the bench key does not authenticate');
          await publishedVersion(store, found, templateId);
          await countRendersAhead(store, teamId, 'live', 1).settle(1);
        },
      ],
    ];
    const rows: string[][] = [];
    for (const [name, step] of steps) {
      const timing = await measure(ITERATIONS, step);
      rows.push([name, (timing.cpu * 1000).toFixed(0), (timing.p50 * 1000).toFixed(0), formatMs(timing.mean)]);
    }
    console.log(
      `\nThe store on the request path: ${ITERATIONS} calls each in this process, ${databaseUrl === undefined ? 'SQLite (each commit waits for its log sync)' : 'PostgreSQL'}, the parcel label published; load average at start ${loadAtStart}\n`,
    );
    printTable(['step', 'CPU µs a call', 'p50 µs', 'mean ms'], rows);
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
