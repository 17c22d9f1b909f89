// Runs an attack against a real `labelsmith serve` while watching it from outside: resident memory from /proc, /health latency, and witness renders that must survive.
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  buildCli,
  call,
  cleanupAll,
  createTenant,
  isWholeOutput,
  render,
  sleep,
  tempDataDir,
  type Tenant,
} from './robustnessSupport';
import { killServe, startServe, type ServeProcess } from './robustnessSupport';

/** The server's resident memory (its own and its render workers' together) must stay under this during every attack. */
export const RSS_CEILING_MB = 1536;
/** Every `GET /health` during an attack must answer within this. */
export const HEALTH_LIMIT_MS = 1000;
/** How often memory is read and /health asked while an attack runs. */
const RSS_SAMPLE_MS = 20;
const HEALTH_INTERVAL_MS = 50;
/** A render that answered during an attack waits this long between witnesses. */
const WITNESS_INTERVAL_MS = 250;

/**
 * The watcher runs on a thread of its own, so the test's own work (parsing big answers, generating input) never
 * delays a /health request or a memory reading and is never blamed on the server. It samples the resident memory of
 * the server and every process below it (its render workers, found through /proc/<pid>/task/<tid>/children) and asks
 * /health on a connection of its own, each request timed, until told to stop; then posts what it saw.
 */
const WATCHER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readdirSync, readFileSync } = require('node:fs');
const http = require('node:http');
const { pid, url, rssEveryMs, healthEveryMs } = workerData;
const processRssMb = (id) => {
  try { return Number(/VmRSS:\\s+(\\d+) kB/.exec(readFileSync('/proc/' + id + '/status', 'utf8'))?.[1] ?? 0) / 1024; } catch { return 0; }
};
const childPids = (id) => {
  const children = [];
  try {
    for (const task of readdirSync('/proc/' + id + '/task')) {
      const listed = readFileSync('/proc/' + id + '/task/' + task + '/children', 'utf8').trim();
      if (listed !== '') children.push(...listed.split(/\\s+/).map(Number));
    }
  } catch {}
  return children;
};
const treeRssMb = (id) => processRssMb(id) + childPids(id).reduce((sum, child) => sum + treeRssMb(child), 0);
const workersAtStart = childPids(pid);
const workersSeen = new Set(workersAtStart);
let peakRssMb = 0;
const sample = () => {
  peakRssMb = Math.max(peakRssMb, treeRssMb(pid));
  for (const child of childPids(pid)) workersSeen.add(child);
};
sample();
const sampler = setInterval(sample, rssEveryMs);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
const failures = [];
let stopping = false;
const health = () => new Promise((resolve) => {
  const started = performance.now();
  const request = http.get(url + '/health', { agent, timeout: 10000 }, (response) => {
    response.resume();
    response.on('end', () => {
      latencies.push(performance.now() - started);
      if (response.statusCode !== 200) failures.push('status ' + response.statusCode);
      resolve();
    });
  });
  request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
  request.on('error', (error) => { latencies.push(performance.now() - started); failures.push(String(error)); resolve(); });
});
(async () => {
  do {
    await health();
    await new Promise((resolve) => setTimeout(resolve, healthEveryMs));
  } while (!stopping);
  clearInterval(sampler);
  agent.destroy();
  sample();
  parentPort.postMessage({ peakRssMb, latencies, failures, workersAtStart, workersSeen: [...workersSeen] });
})();
parentPort.on('message', () => { stopping = true; });
`;

interface Watched {
  peakRssMb: number;
  latencies: number[];
  failures: string[];
  workersAtStart: number[];
  workersSeen: number[];
}

/** Starts watching; the returned function stops and resolves with what was seen. */
function watch(server: ServeProcess, pid: number): () => Promise<Watched> {
  const worker = new Worker(WATCHER, {
    eval: true,
    workerData: { pid, url: server.url, rssEveryMs: RSS_SAMPLE_MS, healthEveryMs: HEALTH_INTERVAL_MS },
  });
  const seen = new Promise<Watched>((resolve, reject) => {
    worker.once('message', (message: Watched) => resolve(message));
    worker.once('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    const watched = await seen;
    await worker.terminate();
    return watched;
  };
}

/** What was measured while one attack ran. */
export interface AttackReport {
  attack: string;
  peakRssMb: number;
  maxHealthMs: number;
  healthChecks: number;
  /** Renders answered before or during the attack and downloaded whole after it. */
  witnesses: number;
  /** The server's child processes (render workers) when the attack began, and every one seen while it ran. */
  workersAtStart: number[];
  workersSeen: number[];
}

/** Every report of the test file, printed by printReports (the numbers docs/security.md quotes). */
const reports: AttackReport[] = [];

export function printReports(): void {
  if (reports.length === 0) return;
  const lines = reports.map(
    (report) =>
      `  ${report.attack}: peak RSS ${report.peakRssMb.toFixed(0)} MB, max /health ${report.maxHealthMs.toFixed(0)} ms (${report.healthChecks} checks, ${report.witnesses} witnesses, ${report.workersSeen.length} worker processes seen)`,
  );
  console.log(`attacks measured:\n${lines.join('\n')}`);
  reports.length = 0;
}

/** A render of the tenant's small template delivered by URL; its id and size, to download later. */
async function witness(
  server: ServeProcess,
  tenant: Tenant,
  name: string,
): Promise<{ id: string; format: string; sizeBytes: number }> {
  const format = ['pdf', 'zpl', 'png'][name.length % 3] ?? 'pdf';
  const answer = await render(
    server.url,
    tenant.key,
    { templateId: tenant.templateId, data: { name, sku: name }, format },
    60_000,
  );
  expect(answer.status, `witness render ${name}: ${answer.text.slice(0, 300)}`).toBe(200);
  return { id: String(answer.json?.id), format, sizeBytes: Number(answer.json?.sizeBytes) };
}

/**
 * Runs `attack` while, from outside the server: its process tree's VmRSS is sampled every 20 ms, `/health` is asked
 * every 50 ms (each answer timed), and the tenant's witness renders go on (one before, more during). Afterwards
 * asserts the peak under RSS_CEILING_MB, every /health 200 within HEALTH_LIMIT_MS, and every witness downloadable whole.
 */
export async function underAttack<T>(
  attack: string,
  server: ServeProcess,
  tenant: Tenant,
  run: () => Promise<T>,
): Promise<{ result: T; report: AttackReport }> {
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  const answered = [await witness(server, tenant, `before ${attack}`)];
  const stopWatching = watch(server, pid);
  let done = false;
  const witnesses = (async () => {
    for (let n = 0; !done; n++) {
      answered.push(await witness(server, tenant, `during ${attack} ${n}`));
      await sleep(WITNESS_INTERVAL_MS);
    }
  })();
  let result: T;
  try {
    result = await run();
  } finally {
    done = true;
  }
  const watched = await stopWatching();
  await witnesses;

  for (const output of answered) {
    const download = await call(server.url, `/v1/render-outputs/${output.id}`, { key: tenant.key });
    expect(download.status, `witness ${output.id} after ${attack}`).toBe(200);
    expect(download.bytes.length).toBe(output.sizeBytes);
    expect(isWholeOutput(output.format, download.bytes), `witness ${output.format} is whole`).toBe(true);
  }
  const { peakRssMb, latencies, workersAtStart, workersSeen } = watched;
  const report = {
    attack,
    peakRssMb,
    maxHealthMs: Math.max(...latencies),
    healthChecks: latencies.length,
    witnesses: answered.length,
    workersAtStart,
    workersSeen,
  };
  reports.push(report);
  expect(watched.failures, `/health during ${attack}`).toEqual([]);
  expect(server.child.exitCode, `the server is running after ${attack}`).toBeNull();
  expect(report.peakRssMb, `peak RSS during ${attack}`).toBeLessThan(RSS_CEILING_MB);
  expect(report.maxHealthMs, `slowest /health during ${attack}`).toBeLessThan(HEALTH_LIMIT_MS);
  return { result, report };
}

/** What an attack file attacks: one `serve` on its own data directory, with one tenant. */
export interface AttackTarget {
  cli: string;
  dataDir: string;
  server: ServeProcess;
  tenant: Tenant;
}

/** The hooks of an attack file: the target started before its tests, the reports printed and all stopped after them. */
export function attackTarget(): AttackTarget {
  const target = {} as AttackTarget;
  beforeAll(async () => {
    target.cli = await buildCli();
    target.dataDir = tempDataDir();
    target.tenant = await createTenant(target.cli, target.dataDir);
    target.server = await startServe(target.cli, target.dataDir);
  });
  afterAll(async () => {
    printReports();
    await killServe(target.server);
    cleanupAll();
  });
  return target;
}
