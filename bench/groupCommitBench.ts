// How many renders share one commit and one sync of the log: the server's group commit under 12 connections, zpl inline, each request a parcel of its own.
import { loadavg } from 'node:os';
import { loadParcelWithLogo } from '@main/samples/sampleTemplates';
import { publishSample, startBenchServer } from './benchServer';
import { load, probe, type LoadTarget } from './httpBench';
import { formatMs, printTable } from './measure';
import { parcelOfItsOwn } from './parcelOfItsOwn';

const CONNECTION_COUNTS = [1, 12];

export async function groupCommitBench(): Promise<void> {
  const sample = loadParcelWithLogo();
  const bench = await startBenchServer();
  const loadAtStart = loadavg()[0]?.toFixed(2);
  try {
    const templateId = await publishSample(bench.store, bench.teamId, sample);
    const target: LoadTarget = {
      url: `${bench.server.url}/v1/render`,
      method: 'POST',
      headers: { authorization: `Bearer ${bench.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        templateId,
        data: parcelOfItsOwn(sample.data, '[<id>]'),
        format: 'zpl',
        delivery: 'inline',
      }),
      idReplacement: true,
    };
    await probe(target, 'zpl inline');
    const rows: string[][] = [];
    for (const connections of CONNECTION_COUNTS) {
      // The warm-up's commits are counted too: both load runs start with one second of it.
      const before = bench.store.groupCommitStats();
      const syncsBefore = bench.store.syncStats()?.syncs ?? 0;
      const result = await load(target, connections);
      const after = bench.store.groupCommitStats();
      const syncs = (bench.store.syncStats()?.syncs ?? 0) - syncsBefore;
      const [commits, members] = [after.commits - before.commits, after.members - before.members];
      rows.push([
        String(connections),
        result.perSecond.toFixed(0),
        formatMs(result.p50),
        String(members),
        String(commits),
        commits === 0 ? '-' : (members / commits).toFixed(2),
        String(syncs),
        syncs === 0 ? '-' : (members / syncs).toFixed(2),
      ]);
    }
    console.log(
      `\nGroup commit: POST /v1/render zpl inline of ${sample.name} (a parcel of its own each) to the server in this process on SQLite; a render's usage row is one groupCommit member; syncs: fdatasyncs of the log (every write of the store waits for one that started after its commit); load average at start ${loadAtStart}\n`,
    );
    printTable(
      ['connections', 'renders/s', 'p50 ms', 'members', 'commits', 'members per commit', 'syncs', 'members per sync'],
      rows,
    );
  } finally {
    await bench.close();
  }
}
