// Several servers against one: zpl renders per second of one `labelsmith serve` on SQLite against three over PostgreSQL + Redis + S3, the per-request cost of those shared backends, and what a hard-capped quota costs SQLite.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadParcelWithLogo, type Sample } from '@main/samples/sampleTemplates';
import { openStore } from '@main/store/openStore';
import { killServe, startServe, type ServeProcess } from '../test/support/server/serveProcess';
import { startPostgres } from '../test/support/store/startPostgres';
import { startRedis } from '../test/support/store/startRedis';
import { startS3 } from '../test/support/store/startS3';
import { createBenchTeam, publishSample } from './benchServer';
import { load, probe, type LoadResult, type LoadTarget } from './httpBench';
import { formatMs, printTable } from './measure';

/** The CLI `npm run build:node` bundled next to this bench (out/node/cli), with its render worker in out/node/render. */
const CLI = fileURLToPath(new URL('../node/cli/labelsmith.mjs', import.meta.url));
const NODES = 3;
/** Four connections per node of three; the same number against the one node. */
const CONNECTIONS = 12;
/** Three nodes starting at once on a loaded 2-core machine take longer than one test's serve. */
const START_TIMEOUT_MS = 60_000;

/** What a render request needs: the URL(s) and a team's live key and published template. */
interface Tenant {
  key: string;
  templateId: string;
}

interface Nodes {
  urls: string[];
  tenant: Tenant;
}

/** Cleanups run last first, whatever failed. */
type Cleanups = (() => Promise<void> | void)[];

function tempDir(cleanups: Cleanups, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function serve(cleanups: Cleanups, dataDir: string, args: string[] = []): Promise<ServeProcess> {
  const running = await startServe(CLI, dataDir, START_TIMEOUT_MS, args);
  cleanups.push(() => killServe(running));
  return running;
}

/**
 * One node on the embedded default (SQLite and outputs in its data directory) with two teams: one on an unlimited plan
 * and one on a hard-capped plan, whose every live render reserves quota in the database.
 */
async function startSqliteNode(
  cleanups: Cleanups,
  sample: Sample,
): Promise<{ url: string; plain: Tenant; hardCapped: Tenant }> {
  const dataDir = tempDir(cleanups, 'labelsmith-bench-sqlite-');
  const store = await openStore(dataDir);
  const tenant = async (hardCap: boolean): Promise<Tenant> => {
    const { teamId, key } = await createBenchTeam(store, { hardCap });
    return { key, templateId: await publishSample(store, teamId, sample) };
  };
  let teams: [Tenant, Tenant];
  try {
    teams = [await tenant(false), await tenant(true)];
  } finally {
    await store.close();
  }
  const node = await serve(cleanups, dataDir);
  return { url: node.url, plain: teams[0], hardCapped: teams[1] };
}

/**
 * Three nodes over one PostgreSQL 15 (its default durability: fsync and synchronous commit, as SQLite here syncs each
 * commit), one redis-server and one s3rver, each node with its own data directory, as `Run several servers` configures
 * them. Undefined, with the reason printed, when a backend cannot start.
 */
async function startSharedNodes(cleanups: Cleanups, sample: Sample): Promise<Nodes | undefined> {
  let backends;
  try {
    const postgres = await startPostgres({ durable: true });
    cleanups.push(() => postgres.stop());
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const s3 = await startS3();
    cleanups.push(() => s3.stop());
    backends = { postgres, redis, s3 };
  } catch (error) {
    console.log(
      `\nThe PostgreSQL + Redis + S3 rows are skipped: ${error instanceof Error ? error.message : String(error)}`,
    );
    console.log(
      '(they need /usr/lib/postgresql/15/bin, /usr/bin/redis-server and the s3rver devDependency: apt-get install -y postgresql redis-server; npm install)',
    );
    return undefined;
  }
  const { postgres, redis, s3 } = backends;
  const databaseUrl = await postgres.createDatabase('labelsmith_bench');
  const outputsUrl = await s3.createBucket('labelsmith-bench', 'labelsmith/bench');
  // Migrated and given its team here, so the nodes start on a current schema.
  const store = await openStore(tempDir(cleanups, 'labelsmith-bench-admin-'), { databaseUrl });
  let tenant: Tenant;
  try {
    const { teamId, key } = await createBenchTeam(store);
    tenant = { key, templateId: await publishSample(store, teamId, sample) };
  } finally {
    await store.close();
  }
  // The nodes find s3rver through the AWS SDK's standard variables, as an operator's service units would give them.
  Object.assign(process.env, s3.env);
  const args = ['--database', databaseUrl, '--redis', redis.url, '--outputs', outputsUrl];
  const nodes = await Promise.all(
    Array.from({ length: NODES }, () => serve(cleanups, tempDir(cleanups, 'labelsmith-bench-node-'), args)),
  );
  return { urls: nodes.map((node) => node.url), tenant };
}

function renderTarget(
  urls: string[],
  { key, templateId }: Tenant,
  sample: Sample,
  delivery: 'inline' | 'url',
): LoadTarget {
  return {
    url: urls.map((url) => `${url}/v1/render`),
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId, data: sample.data, format: 'zpl', delivery }),
  };
}

async function measured(name: string, target: LoadTarget, connections: number): Promise<LoadResult> {
  await probe(target, name);
  return load(target, connections);
}

const times = (value: number, baseline: number | undefined): string =>
  baseline === undefined ? '-' : `${(value / baseline).toFixed(2)}x`;
const failures = (failed: number): string => (failed > 0 ? `${failed} (row meaningless)` : '0');
const loadAverage = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

export async function nodesBench(): Promise<void> {
  const sample = loadParcelWithLogo();
  const cleanups: Cleanups = [];
  const loadAtStart = loadAverage();
  try {
    const sqlite = await startSqliteNode(cleanups, sample);
    const shared = await startSharedNodes(cleanups, sample);
    const sqliteInline = renderTarget([sqlite.url], sqlite.plain, sample, 'inline');
    const sqliteUrl = renderTarget([sqlite.url], sqlite.plain, sample, 'url');
    const cappedInline = renderTarget([sqlite.url], sqlite.hardCapped, sample, 'inline');
    const sharedTarget = (urls: string[], delivery: 'inline' | 'url'): LoadTarget | undefined =>
      shared ? renderTarget(urls, shared.tenant, sample, delivery) : undefined;
    const firstNode = shared?.urls.slice(0, 1) ?? [];

    // Every node's render workers warm (first renders, start-up of the others) before any row counts.
    await measured('warm-up SQLite', sqliteInline, CONNECTIONS);
    const everyNode = sharedTarget(shared?.urls ?? [], 'inline');
    if (everyNode) await measured('warm-up shared', everyNode, CONNECTIONS);

    // Each pair back to back, so a change in the machine's load between them moves both.
    const throughput: [string, LoadResult | undefined][] = [];
    const oneByOne: [string, LoadResult | undefined, 'inline' | 'url'][] = [];
    const add = async (
      rows: [string, LoadResult | undefined][],
      name: string,
      target: LoadTarget | undefined,
      connections: number,
    ): Promise<void> => {
      rows.push([name, target ? await measured(name, target, connections) : undefined]);
    };
    await add(throughput, '1 node, SQLite + folder', sqliteInline, CONNECTIONS);
    await add(throughput, '1 node, PostgreSQL + Redis + S3', sharedTarget(firstNode, 'inline'), CONNECTIONS);
    await add(throughput, `${NODES} nodes, PostgreSQL + Redis + S3, round-robin`, everyNode, CONNECTIONS);
    for (const delivery of ['inline', 'url'] as const) {
      const sqliteTarget = delivery === 'inline' ? sqliteInline : sqliteUrl;
      oneByOne.push([
        `zpl ${delivery}, SQLite + folder`,
        await measured(`SQLite ${delivery}`, sqliteTarget, 1),
        delivery,
      ]);
      const sharedCase = sharedTarget(firstNode, delivery);
      oneByOne.push([
        `zpl ${delivery}, PostgreSQL + Redis + S3`,
        sharedCase ? await measured(`shared ${delivery}`, sharedCase, 1) : undefined,
        delivery,
      ]);
    }
    const quota: [string, LoadResult, LoadResult][] = [
      [
        'unlimited plan (no reservation)',
        await measured('unlimited', sqliteInline, 1),
        await measured('unlimited', sqliteInline, CONNECTIONS),
      ],
      [
        'hard-capped plan (quota reservation)',
        await measured('hard-capped', cappedInline, 1),
        await measured('hard-capped', cappedInline, CONNECTIONS),
      ],
    ];

    const skipped = ['(skipped)', '-', '-', '-', '-'];
    const sqliteRate = throughput[0]?.[1]?.perSecond;
    console.log(
      `\nNodes: ${sample.name}, POST /v1/render zpl inline (published template, live key) to \`labelsmith serve\` processes on this machine, autocannon with ${CONNECTIONS} connections (over ${NODES} nodes: connection i to node i mod ${NODES}); load average at start ${loadAtStart}\n`,
    );
    printTable(
      ['nodes', 'renders/s', 'p50 ms', 'p99 ms', 'vs 1 node SQLite', 'failed'],
      throughput.map(([name, result]) =>
        result
          ? [
              name,
              result.perSecond.toFixed(0),
              formatMs(result.p50),
              formatMs(result.p99),
              times(result.perSecond, sqliteRate),
              failures(result.failed),
            ]
          : [name, ...skipped],
      ),
    );

    console.log(
      '\nShared backends, per request: one node, one connection, requests in turn (url: the output is written to the folder or to S3 before the answer)\n',
    );
    const sqliteP50 = { inline: oneByOne[0]?.[1]?.p50, url: oneByOne[2]?.[1]?.p50 };
    printTable(
      ['request, store', 'p50 ms', 'p99 ms', 'req/s', 'p50 vs SQLite', 'failed'],
      oneByOne.map(([name, result, delivery]) =>
        result
          ? [
              name,
              formatMs(result.p50),
              formatMs(result.p99),
              result.perSecond.toFixed(0),
              times(result.p50, sqliteP50[delivery]),
              failures(result.failed),
            ]
          : [name, ...skipped],
      ),
    );

    console.log(
      `\nSQLite and a hard-capped quota: one node, zpl inline; p50 with one connection, renders/s with ${CONNECTIONS}\n`,
    );
    const [unlimited] = quota;
    printTable(
      ['team', 'p50 ms', 'p99 ms', 'p50 vs unlimited', `renders/s (${CONNECTIONS} conn.)`, 'vs unlimited', 'failed'],
      quota.map(([name, one, many]) => [
        name,
        formatMs(one.p50),
        formatMs(one.p99),
        times(one.p50, unlimited?.[1].p50),
        many.perSecond.toFixed(0),
        times(many.perSecond, unlimited?.[2].perSecond),
        failures(one.failed + many.failed),
      ]),
    );
    console.log(
      `\nLoad average at the end ${loadAverage()}. On a 2-core machine the nodes, their render workers, PostgreSQL, Redis, s3rver and the load generator share the same cores: the ${NODES}-node row shows correctness under load and the cost of the shared path, not scaling.`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('nodesBench clean-up:', error);
      }
    }
  }
}
