// Benchmark of ZPL in: a 4x6 carrier label read, drawn as PNG in process and through the viewer API, against zpl-renderer-js on the same ZPL.
import { parseLabelSize } from '@shared/api/zplViewer';
import { readZpl } from '@shared/read/zpl/readZpl';
import type { ZplReadOptions } from '@shared/read/zpl/zplReader';
import { RenderPixels } from '@shared/render/renderPixels';
import { renderZpl } from '@shared/render/renderZpl';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { loadSampleZpl } from '@main/samples/sampleTemplates';
import { startBenchServer } from './benchServer';
import { cpuSnapshot, load, OTHERS_CPU_WARNING, othersCpuSince, type LoadResult, type LoadTarget } from './httpBench';
import { formatMs, measure, printTable, type Timing } from './measure';

const SAMPLE = 'carrier-4x6';
/** The viewer API's path for one 4x6 label at 8 dpmm, as a Labelary client asks for it. */
const ZPL_VIEWER_BENCH_PATH = '/v1/printers/8dpmm/labels/4x6/0/';
const PARSE_ITERATIONS = 2000;
const PNG_ITERATIONS = 50;
/** zpl-renderer-js takes hundreds of milliseconds a label: fewer runs keep the row under a minute on a busy machine. */
const PEER_ITERATIONS = 10;
const PEER_WARMUP = 3;
const PARSE_TARGET_MS = 0.2;
const PEER_TARGET_RATIO = 10;

/** Labels of one kind each, written here for the per-kind rows: what dominates a label's drawing differs by kind. */
const LABEL_KINDS: { name: string; zpl: string }[] = [
  {
    name: 'text only: 36 lines of ^A0 at four sizes, two turned',
    zpl: `^XA${Array.from({ length: 36 }, (_, line) => `^FO${20 + (line % 2) * 380},${20 + Math.floor(line / 2) * 64}^A0${line % 9 === 8 ? 'R' : 'N'},${[24, 32, 40, 56][line % 4]},${[20, 28, 36, 48][line % 4]}^FDLine ${line + 1} Quarry Lane 44^FS`).join('')}^XZ`,
  },
  {
    name: 'barcodes: 6 code 128, 2 QR, a Data Matrix and a PDF417',
    zpl:
      '^XA^BY2' +
      Array.from(
        { length: 6 },
        (_, at) => `^FO30,${30 + at * 120}^BCN,80,Y,N,N^FD${String(4_000_000_000 + at * 7919).padStart(12, '0')}^FS`,
      ).join('') +
      '^FO560,40^BQN,2,6^FDQA,https://example.com/track/1Z999AA10123456784^FS^FO560,320^BQN,2,5^FDQA,PARCEL-0001-0002-0003^FS' +
      '^FO560,600^BXN,8,200^FDKP-WAW-3-0001234567^FS^FO40,780^B7N,8,5,8,,N^FDNORTHWIND PARTS 44 QUARRY LANE LEEDS LS1 4AB^FS^XZ',
  },
];
/** The viewer's answer at most this much slower than /health with the same client: its render, transfer and worker hop. */
const ABOVE_HEALTH_TARGET_MS = 5;

type RenderZpl = (zpl: string, widthMm: number, heightMm: number, dpmm: number) => Promise<string>;

/** zpl-renderer-js (zebrash compiled to WebAssembly) is a devDependency: an install without it has no peer column. */
async function loadPeer(): Promise<RenderZpl | undefined> {
  try {
    const { ready } = await import('zpl-renderer-js');
    const { api } = await ready;
    return (zpl, widthMm, heightMm, dpmm) => api.zplToBase64Async(zpl, widthMm, heightMm, dpmm);
  } catch (error) {
    // Its errors carry the inlined WebAssembly in their stack: megabytes of text, so only the message.
    console.log(
      `zpl-renderer-js cannot be loaded (${error instanceof Error ? error.message : String(error)}): the peer column is empty (npm install)`,
    );
    return undefined;
  }
}

/**
 * The viewer route under one connection, requests in turn: each answer's own latency, comparable with one call of
 * the peer. Undefined with the reason when the route answers 404 (a build without it); any other failure stops the run.
 */
async function viewerRoute(zpl: string): Promise<{ result?: LoadResult; health?: LoadResult; skipped?: string }> {
  const bench = await startBenchServer();
  try {
    const url = `${bench.server.url}${ZPL_VIEWER_BENCH_PATH}`;
    const target: LoadTarget = {
      url,
      method: 'POST',
      // As `curl --data-binary @label.zpl` sends it.
      headers: {
        authorization: `Bearer ${bench.key}`,
        accept: 'image/png',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: zpl,
    };
    // One request first: a setup mistake should stop the benchmark, not be measured as a fast stream of errors.
    const probe = await fetch(url, { method: 'POST', headers: target.headers, body: target.body });
    // Read to the end either way: an unread answer would keep its connection busy and server.close() waiting.
    const answer = new Uint8Array(await probe.arrayBuffer());
    if (probe.status === 404)
      return { skipped: `POST ${ZPL_VIEWER_BENCH_PATH} answered 404: this build has no ZPL viewer route` };
    if (probe.status !== 200 || probe.headers.get('content-type') !== 'image/png') {
      throw new Error(
        `POST ${ZPL_VIEWER_BENCH_PATH}: ${probe.status} ${probe.headers.get('content-type')} ${new TextDecoder().decode(answer.subarray(0, 500))}`,
      );
    }
    const result = await load(target, 1);
    // The floor under any answer of this server to this client: /health, on the same server, one connection too.
    const health = await load({ url: `${bench.server.url}/health`, method: 'GET', headers: {} }, 1);
    return { result, health };
  } finally {
    await bench.close();
  }
}

interface Row {
  name: string;
  p50: number;
  mean: number;
  /** CPU ms a label, in-process rows only (an HTTP row's CPU is shared with its load generator). */
  cpu?: number;
  target: string;
  met?: boolean;
}

export async function zplInBench(): Promise<void> {
  const fonts = bundledFonts();
  const zpl = loadSampleZpl(SAMPLE);
  // The route's own size (812 x 1218 dots) and a fresh budget a read, as each request of the viewer gets.
  const size = parseLabelSize('8dpmm', '4x6');
  const options = (): ZplReadOptions => ({ ...size, budget: new RenderPixels().budget, fonts });
  const first = readZpl(zpl, options());
  const label = first.labels[0]?.label;
  if (first.labels.length !== 1 || !label || first.warnings.length > 0) {
    throw new Error(
      `${SAMPLE}.zpl should read as one label without warnings: ${first.labels.length} labels, ${JSON.stringify(first.warnings)}`,
    );
  }

  const cpuAtStart = cpuSnapshot();
  const parse = await measure(PARSE_ITERATIONS, () => readZpl(zpl, options()));
  // What the route runs in a render worker: read, pick label 0, draw it at one pixel a dot.
  const png = await measure(PNG_ITERATIONS, () =>
    renderZpl(zpl, { ...size, index: 0, format: 'png', rotation: 0, fonts }),
  );
  const peerRender = await loadPeer();
  // Decoded to bytes as a server would send them: the peer answers base64.
  const peer: Timing | undefined =
    peerRender &&
    (await measure(
      PEER_ITERATIONS,
      async () =>
        Buffer.from(
          await peerRender(zpl, size.widthDots / size.dpmm, size.heightDots / size.dpmm, size.dpmm),
          'base64',
        ),
      PEER_WARMUP,
    ));
  const othersInProcess = othersCpuSince(cpuAtStart);
  const route = await viewerRoute(zpl);

  const versusPeer = (p50: number): boolean | undefined => (peer ? peer.p50 / p50 >= PEER_TARGET_RATIO : undefined);
  const rows: Row[] = [
    { name: 'parse: readZpl', ...parse, target: `< ${PARSE_TARGET_MS} ms`, met: parse.p50 < PARSE_TARGET_MS },
    { name: 'zpl → png in process: renderZpl (readZpl + emitPng)', ...png, target: '(reference)' },
  ];
  if (route.result) {
    // One connection: requests in turn, so the mean is the run's time over its answers.
    const { p50, perSecond } = route.result;
    const above = route.health ? p50 - route.health.p50 : Number.NaN;
    rows.push({
      name: `zpl → png: POST ${ZPL_VIEWER_BENCH_PATH}, one connection (${formatMs(above)} above /health)`,
      p50,
      mean: 1000 / perSecond,
      target: `>= ${PEER_TARGET_RATIO}x zpl-renderer-js, <= ${ABOVE_HEALTH_TARGET_MS} ms above /health`,
      met: route.result.failed === 0 ? versusPeer(p50) !== false && above <= ABOVE_HEALTH_TARGET_MS : false,
    });
  }
  if (route.health)
    rows.push({
      name: 'GET /health, the same client and server',
      p50: route.health.p50,
      mean: 1000 / route.health.perSecond,
      target: '(floor)',
    });
  if (peer) rows.push({ name: 'zpl-renderer-js (zebrash, WebAssembly) in process', ...peer, target: '(baseline)' });

  console.log(
    `\nZPL in: ${SAMPLE}.zpl (4x6 at 8 dpmm: ^GF logo, reversed fields, ^FB blocks, rotated text, code 128, QR), after warm-up, milliseconds; cpu: this process's CPU time a label\n`,
  );
  printTable(
    ['step', 'p50 ms', 'mean ms', 'cpu ms', 'zpl-renderer-js / this, p50', 'same, cpu', 'target', 'met'],
    rows.map((row) => [
      row.name,
      formatMs(row.p50),
      formatMs(row.mean),
      row.cpu === undefined ? '-' : formatMs(row.cpu),
      peer ? `${(peer.p50 / row.p50).toFixed(1)}x` : '-',
      peer && row.cpu !== undefined ? `${(peer.cpu / row.cpu).toFixed(1)}x` : '-',
      row.target,
      row.met === undefined ? '-' : row.met ? 'yes' : 'NO',
    ]),
  );
  if (peerRender) await kindRows(peerRender, size, fonts);
  if (route.skipped) console.log(`\nHTTP row skipped: ${route.skipped}.`);
  else if (route.result && route.result.failed > 0) console.log(`\nHTTP row: ${route.result.failed} requests failed.`);
  const disturbed = [
    ...(othersInProcess > OTHERS_CPU_WARNING ? [`the in-process rows (${(othersInProcess * 100).toFixed(0)}%)`] : []),
    // The render pool's worker processes are among the others there.
    ...((route.result?.othersCpu ?? 0) > OTHERS_CPU_WARNING
      ? [`the HTTP row (${((route.result?.othersCpu ?? 0) * 100).toFixed(0)}%, the render workers' processes included)`]
      : []),
  ];
  if (disturbed.length > 0)
    console.log(
      `\nOther processes used the CPU during ${disturbed.join(' and ')}: those rows understate both sides, run again on a quiet machine.`,
    );
}

/** The same in-process rows for each of LABEL_KINDS, beside the peer on the same ZPL. */
async function kindRows(
  peerRender: RenderZpl,
  size: ReturnType<typeof parseLabelSize>,
  fonts: ReturnType<typeof bundledFonts>,
): Promise<void> {
  const rows: string[][] = [];
  for (const kind of LABEL_KINDS) {
    const ours = await measure(PNG_ITERATIONS, () =>
      renderZpl(kind.zpl, { ...size, index: 0, format: 'png', rotation: 0, fonts }),
    );
    const peer = await measure(
      PEER_ITERATIONS,
      async () =>
        Buffer.from(
          await peerRender(kind.zpl, size.widthDots / size.dpmm, size.heightDots / size.dpmm, size.dpmm),
          'base64',
        ),
      PEER_WARMUP,
    );
    rows.push([
      kind.name,
      formatMs(ours.p50),
      formatMs(ours.cpu),
      formatMs(peer.p50),
      `${(peer.p50 / ours.p50).toFixed(1)}x`,
      `${(peer.cpu / ours.cpu).toFixed(1)}x`,
    ]);
  }
  console.log(
    '\nPer label kind, 4x6 at 8 dpmm, png in process (renderZpl, what a render worker runs), after warm-up, milliseconds\n',
  );
  printTable(['label', 'this p50', 'this cpu', 'zpl-renderer-js p50', 'ratio, p50', 'ratio, cpu'], rows);
}
