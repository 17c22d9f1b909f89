// The HTTP benchmark's load generator: runs autocannon in its own thread and reports each 2xx response time.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { PARCEL_NUMBER } from './parcelOfItsOwn';

interface LoadWorkerData {
  target: Omit<autocannon.Options, 'url'> & { url: string | string[]; parcelNumbers?: boolean };
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

const options = workerData as LoadWorkerData;

/** The next parcel number, shared by every connection of the run: no two requests send the same parcel. */
let nextParcel = 1_000_000;

/** The target as autocannon takes it: with parcel numbers, its body rewritten before each request is sent. */
function autocannonTarget({ parcelNumbers, ...target }: LoadWorkerData['target']): autocannon.Options {
  // autocannon takes several URLs too (connection i goes to URL i mod n, lib/run.js), which its types leave out.
  if (parcelNumbers !== true || typeof target.body !== 'string') return target as autocannon.Options;
  const body = target.body;
  const setupRequest = (request: autocannon.Request): autocannon.Request => ({
    ...request,
    body: body.replaceAll(PARCEL_NUMBER, String(nextParcel++)),
  });
  return { ...target, requests: [{ setupRequest }] } as autocannon.Options;
}

const target = autocannonTarget(options.target);

function run(seconds: number, onResponse?: (status: number, ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ ...target, connections: options.connections, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    if (onResponse) instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms));
  });
}

async function main(): Promise<void> {
  await run(options.warmupSeconds);
  const times: number[] = [];
  const result = await run(options.seconds, (status, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const latencies = Float64Array.from(times);
  parentPort?.postMessage(
    { ok: result['2xx'], failed: result.non2xx + result.errors + result.timeouts, seconds: result.duration, latencies },
    [latencies.buffer],
  );
}

main().catch((error: unknown) =>
  parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
