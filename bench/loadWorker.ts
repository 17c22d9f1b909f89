// The HTTP benchmark's load generator: runs autocannon in its own thread and reports each 2xx response time.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

interface LoadWorkerData {
  target: Omit<autocannon.Options, 'url'> & { url: string | string[] };
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

const options = workerData as LoadWorkerData;

function run(seconds: number, onResponse?: (status: number, ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    // autocannon takes several URLs too (connection i goes to URL i mod n, lib/run.js), which its types leave out.
    const target = options.target as autocannon.Options;
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
