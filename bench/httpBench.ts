// The HTTP path: POST /v1/render per format through the real server under autocannon load, next to a bare Koa route and Chromium's pdf rate.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import Router from '@koa/router';
import Koa from 'koa';
import type { OutputFormat } from '@shared/render/outputFormats';
import { renderLabel } from '@shared/render/renderLabel';
import { chromiumPath, launchChromium } from '../test/support/chromium/launchChromium';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { loadSample, type Sample } from '@main/samples/sampleTemplates';
import { publishSample, startBenchServer, type BenchServer } from './benchServer';
import { ChromiumLabelPage } from './chromiumPeer';
import { formatMs, printTable } from './measure';

const CONNECTIONS = 16;
export const WARMUP_SECONDS = 1;
export const SECONDS = 5;
/** Share of the machine's CPU used by other processes during a row above which the row is flagged as disturbed. */
export const OTHERS_CPU_WARNING = 0.05;

export interface LoadTarget {
  /** Several URLs: connection i goes to URL i mod n, as a round-robin load balancer spreads its connections. */
  url: string | string[];
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** autocannon writes a new id for each `[<id>]` of the body in every request: each parcel of a stream its own. */
  idReplacement?: boolean;
  /** The load generator writes the next 7-digit number for each PARCEL_NUMBER of the body in every request. */
  parcelNumbers?: boolean;
}

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, socket errors and timeouts: any of them makes the row's numbers meaningless. */
  failed: number;
  /** Share of the machine's CPU that other processes used meanwhile (tests running beside the benchmark skew it). */
  othersCpu?: number;
}

/** Busy CPU milliseconds of the whole machine and of this process (all its threads), at one moment. */
export function cpuSnapshot(): { machineMs: number; ownMs: number; at: number } {
  const machineMs = cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);
  const { user, system } = process.cpuUsage();
  return { machineMs, ownMs: (user + system) / 1000, at: performance.now() };
}

export function othersCpuSince(start: ReturnType<typeof cpuSnapshot>): number {
  const end = cpuSnapshot();
  return (
    Math.max(0, end.machineMs - start.machineMs - (end.ownMs - start.ownMs)) / ((end.at - start.at) * cpus().length)
  );
}

/**
 * The load generator runs in a worker thread, not on the event loop of the servers it measures: there it would take
 * turns with them and count its own HTTP parsing as their latency. A thread rather than a child process keeps its CPU
 * inside process.cpuUsage(), so othersCpu can tell it from other processes'. On 2 cores it still takes CPU from the
 * server: about a tenth of a core at 2,000 renders/s (measured), most of one at the bare route's rate, which is so the
 * bare row is this machine's floor for client plus Koa, not Koa's alone. autocannon's own `workers` option also runs in
 * threads, but its latency histogram keeps whole milliseconds; this worker keeps each 2xx response time (autocannon's
 * `response` event) for sub-millisecond p50s (loadWorker.ts, bundled next to this file).
 */
const LOAD_WORKER = new URL('./loadWorker.mjs', import.meta.url);

interface WorkerReport {
  ok: number;
  failed: number;
  seconds: number;
  latencies: Float64Array;
  error?: string;
}

function summarise(count: number, seconds: number, times: Float64Array | number[], failed: number): LoadResult {
  const sorted = Float64Array.from(times).sort();
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
  return { perSecond: count / seconds, p50: at(0.5), p99: at(0.99), failed };
}

/** `connections` requests in flight for SECONDS after WARMUP_SECONDS; one connection gives each request's own latency. */
export async function load(target: LoadTarget, connections = CONNECTIONS): Promise<LoadResult> {
  const worker = new Worker(LOAD_WORKER, {
    workerData: { target, connections, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS },
  });
  const cpuAtStart = cpuSnapshot();
  try {
    const report = await new Promise<WorkerReport>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (report.error !== undefined) throw new Error(`load worker failed: ${report.error}`);
    return {
      ...summarise(report.ok, report.seconds, report.latencies, report.failed),
      othersCpu: othersCpuSince(cpuAtStart),
    };
  } finally {
    await worker.terminate();
  }
}

/** One request to each URL first (a setup mistake should stop the benchmark, not be measured as a fast stream of errors); resolves with the last answer's body. */
export async function probe(target: LoadTarget, name: string): Promise<string> {
  let body = '';
  for (const url of [target.url].flat()) {
    const answer = await fetch(url, { method: target.method, headers: target.headers, body: target.body });
    // Read to the end either way: an unread answer would keep its connection busy and server.close() waiting.
    body = await answer.text();
    if (answer.status !== 200) throw new Error(`${name} (${url}): ${answer.status} ${body}`);
  }
  return body;
}

/** The floor of any Koa route on this machine: one GET answering a tiny JSON body, no middleware. */
async function startBareKoa(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Koa();
  const router = new Router();
  router.get('/hello', (ctx) => {
    ctx.body = { hello: 'world' };
  });
  app.use(router.routes());
  const server: Server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hello`,
    close: () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      return closed;
    },
  };
}

/** Chromium's own pdf rate for the same label, measured as renderBench does: one reused page, body swapped, one at a time. */
async function chromiumPdfRate(sample: Sample): Promise<LoadResult | undefined> {
  if (!chromiumPath()) return undefined;
  const html = new TextDecoder().decode(
    (await renderLabel(sample.template, sample.data, { format: 'html', fonts: bundledFonts() })).bytes,
  );
  const browser = await launchChromium();
  try {
    const page = await ChromiumLabelPage.open(browser, html, 4, 6, 1);
    const renderFor = async (seconds: number): Promise<number[]> => {
      const times: number[] = [];
      const end = performance.now() + seconds * 1000;
      while (performance.now() < end) {
        const start = performance.now();
        await page.showLabel(html);
        await page.pdf();
        times.push(performance.now() - start);
      }
      return times;
    };
    await renderFor(WARMUP_SECONDS);
    const times = await renderFor(SECONDS);
    return summarise(times.length, times.reduce((sum, time) => sum + time, 0) / 1000, times, 0);
  } finally {
    await browser.close();
  }
}

interface RenderCase {
  format: OutputFormat;
  dpi?: number;
  delivery: 'url' | 'inline';
}

const RENDER_CASES: RenderCase[] = (['zpl', 'pdf', 'png', 'html'] as const).flatMap((format) =>
  (['url', 'inline'] as const).map((delivery) => ({ format, delivery, ...(format === 'png' ? { dpi: 203 } : {}) })),
);

interface Measured {
  name: string;
  result: LoadResult;
  renderCase?: RenderCase;
  /** The document's size in bytes (an inline answer's body, a url answer's sizeBytes). */
  documentBytes?: number;
}

/** The issue's html target: the parcel label's page at most 60 KB. */
const HTML_MAX_BYTES = 60 * 1024;

function printHttpTable(sampleName: string, results: Measured[], chromium: LoadResult | undefined): void {
  const bareRate = results[0]?.result.perSecond ?? Number.NaN;
  const rows: string[][] = [];
  const row = (name: string, result: LoadResult, target: string, met: boolean | undefined): void => {
    const verdict = result.failed > 0 ? `NO: ${result.failed} failed` : met === undefined ? '-' : met ? 'yes' : 'NO';
    rows.push([
      name,
      result.perSecond.toFixed(0),
      formatMs(result.p50),
      formatMs(result.p99),
      `${((result.perSecond / bareRate) * 100).toFixed(1)}%`,
      target,
      verdict,
    ]);
  };
  for (const { name, result, renderCase, documentBytes = Number.NaN } of results) {
    if (renderCase?.format === 'zpl') row(name, result, '>= 50% of bare route', result.perSecond / bareRate >= 0.5);
    else if (renderCase?.format === 'html')
      row(name, result, `<= 60 KB (${(documentBytes / 1024).toFixed(1)} KB)`, documentBytes <= HTML_MAX_BYTES);
    else if (renderCase?.format === 'pdf' && chromium) {
      const times = result.perSecond / chromium.perSecond;
      row(name, result, `>= 10x chromium (${times.toFixed(1)}x)`, times >= 10);
    } else row(name, result, renderCase ? '(reference)' : '(baseline)', undefined);
  }
  if (chromium) row('chromium page.pdf, one at a time', chromium, '(pdf baseline)', undefined);
  else console.log('Chromium not found: the pdf target has no baseline (apt-get install chromium)');

  console.log(
    `\nHTTP: ${sampleName} through POST /v1/render (published template, live key), autocannon with ${CONNECTIONS} connections for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up; latency of 2xx answers\n`,
  );
  printTable(['route', 'req/s', 'p50 ms', 'p99 ms', 'vs bare route', 'target', 'met'], rows);
  const disturbed = results.filter(({ result }) => (result.othersCpu ?? 0) > OTHERS_CPU_WARNING);
  if (disturbed.length > 0) {
    const list = disturbed
      .map(({ name, result }) => `${name} (${((result.othersCpu ?? 0) * 100).toFixed(0)}%)`)
      .join(', ');
    console.log(
      `\nOther processes used the CPU during: ${list}; those rows understate Labelsmith, run again on a quiet machine.`,
    );
  }
}

export async function httpBench(): Promise<void> {
  const sample = loadSample('shipping-4x6');
  // Before any server starts, so Chromium has the machine to itself as in renderBench.
  const chromium = await chromiumPdfRate(sample);

  let bare: Awaited<ReturnType<typeof startBareKoa>> | undefined;
  let bench: BenchServer | undefined;
  const results: Measured[] = [];
  try {
    bare = await startBareKoa();
    bench = await startBenchServer();
    const { server, key } = bench;
    const templateId = await publishSample(bench.store, bench.teamId, sample);

    results.push({ name: 'bare koa GET /hello', result: await load({ url: bare.url, method: 'GET' }) });
    for (const renderCase of RENDER_CASES) {
      const { format, dpi, delivery } = renderCase;
      const target: LoadTarget = {
        url: `${server.url}/v1/render`,
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ templateId, data: sample.data, format, ...(dpi ? { dpi } : {}), delivery }),
      };
      const answer = await probe(target, `POST /v1/render ${format} ${delivery}`);
      const documentBytes =
        delivery === 'inline' ? Buffer.byteLength(answer) : (JSON.parse(answer) as { sizeBytes: number }).sizeBytes;
      results.push({
        name: `POST /v1/render ${format}${dpi ? ` ${dpi} dpi` : ''} ${delivery}`,
        result: await load(target),
        renderCase,
        documentBytes,
      });
    }
    // Before the clean-up: removing thousands of output files takes seconds.
    printHttpTable(sample.name, results, chromium);
  } finally {
    await bench?.close();
    await bare?.close();
  }
}
