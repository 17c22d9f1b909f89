// The request path's targets: the parcel label with its logo through `labelsmith serve`, one request at a time per format against GET /health's floor and Chromium (in turn with the server's rows), and zpl throughput against the build before the request path's work, same run.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import type { OutputFormat } from '@shared/render/outputFormats';
import { renderLabel } from '@shared/render/renderLabel';
import { chromiumPath, launchChromium } from '../test/support/chromium/launchChromium';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { loadParcelWithLogo, type Sample } from '@main/samples/sampleTemplates';
import { killServe, startServe } from '../test/support/server/serveProcess';
import { baselineCli } from './baselineBuild';
import { ChromiumLabelPage } from './chromiumPeer';
import { load, probe, type LoadResult, type LoadTarget } from './httpBench';
import { formatMs, printTable } from './measure';
import { parcelOfItsOwn } from './parcelOfItsOwn';

const CLI = fileURLToPath(new URL('../node/cli/labelsmith.mjs', import.meta.url));
/** The commit before the request path's work (issue 14): "today's" server of its throughput target. LABELSMITH_BENCH_BASELINE names another. */
const BASELINE_COMMIT = process.env.LABELSMITH_BENCH_BASELINE ?? 'cd428b3';
const CONNECTIONS = 12;
const START_TIMEOUT_MS = 60_000;
const CHROMIUM_WARMUP = 20;
/** Chromium and the server take turns, ROUNDS times, so a busy moment of the machine falls on both sides alike. */
const ROUNDS = 4;
const CHROMIUM_BLOCK = 50;

type Cleanups = (() => Promise<void> | void)[];

interface Node {
  url: string;
  key: string;
  templateId: string;
}

const run = promisify(execFile);

async function cliJson(cli: string, args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [cli, ...args], { env: { ...process.env, LABELSMITH_DATA_DIR: '' } });
  return JSON.parse(stdout) as Record<string, unknown>;
}

/**
 * A `serve` of `cli` on a fresh data directory holding a team with lifted rate limits, its live key and the sample
 * published, all made with that build's own admin commands (an older build may not read a newer schema).
 */
async function startNode(cleanups: Cleanups, cli: string, sample: Sample): Promise<Node> {
  const dataDir = mkdtempSync(join(tmpdir(), 'labelsmith-bench-path-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const at = ['--data-dir', dataDir];
  const team = String(
    (
      await cliJson(cli, [
        'team',
        'create',
        '--name',
        'bench',
        '--plan',
        'enterprise',
        '--rate-minute',
        '1000000000',
        '--rate-hour',
        '1000000000',
        ...at,
      ])
    ).id,
  );
  const { key } = await cliJson(cli, ['key', 'create', '--team', team, '--mode', 'live', ...at]);
  const file = join(dataDir, 'template.json');
  writeFileSync(file, JSON.stringify(sample.template));
  const { id } = await cliJson(cli, ['template', 'import', '--team', team, '--file', file, '--publish', ...at]);
  const node = await startServe(cli, dataDir, START_TIMEOUT_MS);
  cleanups.push(() => killServe(node));
  return { url: node.url, key: String(key), templateId: String(id) };
}

interface RenderCase {
  name: string;
  format: OutputFormat;
  delivery: 'inline' | 'url';
  dpi?: number;
}

const CASES: RenderCase[] = [
  { name: 'zpl inline', format: 'zpl', delivery: 'inline' },
  { name: 'zpl url', format: 'zpl', delivery: 'url' },
  { name: 'pdf inline', format: 'pdf', delivery: 'inline' },
  { name: 'png 203 dpi inline', format: 'png', delivery: 'inline', dpi: 203 },
  { name: 'html inline', format: 'html', delivery: 'inline' },
];

/** `sameParcel`: the sample's own data every time, so a worker's caches hold every drawing after the first request. */
function renderTarget(
  node: Node,
  sample: Sample,
  { format, delivery, dpi }: RenderCase,
  sameParcel = false,
): LoadTarget {
  return {
    url: `${node.url}/v1/render`,
    method: 'POST',
    headers: { authorization: `Bearer ${node.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      templateId: node.templateId,
      data: sameParcel ? sample.data : parcelOfItsOwn(sample.data, '[<id>]'),
      format,
      delivery,
      ...(dpi === undefined ? {} : { dpi }),
    }),
    // autocannon's id for each request: every request a parcel of its own.
    idReplacement: !sameParcel,
  };
}

/** /proc counts CPU time in clock ticks of USER_HZ, 100 a second on Linux. */
const MS_PER_CLOCK_TICK = 10;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** CPU milliseconds used so far by this process's Chromium descendants (the browser and its renderer, GPU and utility processes). */
function chromiumCpuMs(): number {
  const parents = new Map<number, { parent: number; name: string; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces; the fields after it are space-separated.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), { parent: Number(fields[1]), name, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while the list was read.
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined; at = parents.get(at.parent))
      if (at.parent === process.pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, { name, ticks: used }] of parents) if (/chrom/i.test(name) && descends(pid)) ticks += used;
  return ticks * MS_PER_CLOCK_TICK;
}

interface PeerBlock {
  times: number[];
  cpuMs: number;
}

/** Chromium with the label's page kept open and its fonts loaded once, the body swapped for each label: its fastest honest path. */
class ChromiumPeer {
  private constructor(
    private readonly browser: Browser,
    private readonly html: string,
    private readonly pages: { pdf: ChromiumLabelPage; png: ChromiumLabelPage },
  ) {}

  static async start(sample: Sample): Promise<ChromiumPeer | undefined> {
    if (!chromiumPath()) return undefined;
    const html = new TextDecoder().decode(
      (await renderLabel(sample.template, sample.data, { format: 'html', fonts: bundledFonts() })).bytes,
    );
    const browser: Browser = await launchChromium();
    const pages = {
      pdf: await ChromiumLabelPage.open(browser, html, 4, 6, 1),
      png: await ChromiumLabelPage.open(browser, html, 4, 6, 203 / 96),
    };
    const peer = new ChromiumPeer(browser, html, pages);
    for (const format of ['pdf', 'png'] as const) await peer.block(format, CHROMIUM_WARMUP);
    return peer;
  }

  /** `count` labels to pdf (or a 203 dpi png) in turn: each one's wall time, and Chromium's CPU for all of them. */
  async block(format: 'pdf' | 'png', count: number): Promise<PeerBlock> {
    const page = this.pages[format];
    const times: number[] = [];
    const cpuAtStart = chromiumCpuMs();
    for (let index = 0; index < count; index++) {
      const start = performance.now();
      await page.showLabel(this.html);
      await (format === 'pdf' ? page.pdf() : page.png());
      times.push(performance.now() - start);
    }
    return { times, cpuMs: chromiumCpuMs() - cpuAtStart };
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

/** The server and Chromium in turn, ROUNDS times: the server's p50 (median of its rounds'), Chromium's p50 and CPU a label. */
async function interleaved(
  peer: ChromiumPeer,
  format: 'pdf' | 'png',
  target: LoadTarget,
): Promise<{ server: LoadResult; peer: { p50: number; cpuMs: number } }> {
  const rounds: LoadResult[] = [];
  const blocks: PeerBlock[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    blocks.push(await peer.block(format, CHROMIUM_BLOCK));
    rounds.push(await load(target, 1));
  }
  const server = {
    ...(rounds[0] as LoadResult),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    failed: rounds.reduce((sum, r) => sum + r.failed, 0),
  };
  const times = blocks.flatMap((block) => block.times);
  return {
    server,
    peer: { p50: median(times), cpuMs: blocks.reduce((sum, block) => sum + block.cpuMs, 0) / times.length },
  };
}

/** The targets: how far above the floor a format may be, or how many times faster than Chromium (its p50 in the same rounds). */
function verdict(
  renderCase: RenderCase,
  p50: number,
  floor: number,
  bytes: number,
  chromiumP50: number | undefined,
): [string, boolean | undefined] {
  const above = (limit: number): [string, boolean] => [`<= floor + ${limit} ms`, p50 - floor <= limit];
  if (renderCase.name === 'zpl inline') return above(0.6);
  if (renderCase.name === 'zpl url') return above(1.5);
  if (renderCase.format === 'html') {
    const [target, met] = above(1.5);
    return [`${target}, <= 60 KB (${(bytes / 1024).toFixed(1)} KB)`, met && bytes <= 60 * 1024];
  }
  if (chromiumP50 === undefined) return ['(no Chromium)', undefined];
  const times = chromiumP50 / p50;
  const wanted = renderCase.format === 'pdf' ? 10 : 5;
  return [`>= ${wanted}x Chromium (${times.toFixed(1)}x)`, times >= wanted];
}

const yesNo = (met: boolean | undefined): string => (met === undefined ? '-' : met ? 'yes' : 'NO');
const failedNote = (result: LoadResult): string =>
  result.failed > 0 ? ` (${result.failed} failed: row meaningless)` : '';

export async function requestPathBench(): Promise<void> {
  const sample = loadParcelWithLogo();
  const cleanups: Cleanups = [];
  const loadAtStart = loadavg()[0]?.toFixed(2);
  try {
    const chromium = await ChromiumPeer.start(sample);
    if (chromium) cleanups.push(() => chromium.close());
    const now = await startNode(cleanups, CLI, sample);
    let before: Node | undefined;
    let baselineProblem = '';
    try {
      before = await startNode(cleanups, baselineCli(BASELINE_COMMIT), sample);
    } catch (error) {
      baselineProblem = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    }

    // Warm every node's render workers before any row counts.
    for (const node of [now, before])
      if (node) await load(renderTarget(node, sample, CASES[0] as RenderCase), CONNECTIONS);

    const health: LoadTarget = { url: `${now.url}/health`, method: 'GET' };
    await probe(health, 'GET /health');
    const floor = await load(health, 1);
    const rows: string[][] = [
      ['GET /health (the floor)', formatMs(floor.p50), formatMs(floor.p99), '-', '-', '(floor)', '-'],
    ];
    const peerRows: string[][] = [];
    for (const renderCase of CASES) {
      const target = renderTarget(now, sample, renderCase);
      const answer = await probe(target, renderCase.name);
      const bytes =
        renderCase.delivery === 'inline'
          ? Buffer.byteLength(answer)
          : (JSON.parse(answer) as { sizeBytes: number }).sizeBytes;
      const peerFormat = renderCase.format === 'pdf' || renderCase.format === 'png' ? renderCase.format : undefined;
      const paired = chromium && peerFormat ? await interleaved(chromium, peerFormat, target) : undefined;
      const result = paired?.server ?? (await load(target, 1));
      const old = before ? await load(renderTarget(before, sample, renderCase), 1) : undefined;
      const [goal, met] = verdict(renderCase, result.p50, floor.p50, bytes, paired?.peer.p50);
      rows.push([
        `POST /v1/render ${renderCase.name}${failedNote(result)}`,
        formatMs(result.p50),
        formatMs(result.p99),
        formatMs(result.p50 - floor.p50),
        old ? formatMs(old.p50) : '-',
        goal,
        yesNo(result.failed > 0 ? false : met),
      ]);
      const same = await load(renderTarget(now, sample, renderCase, true), 1);
      rows.push([
        `  the same parcel every time${failedNote(same)}`,
        formatMs(same.p50),
        formatMs(same.p99),
        formatMs(same.p50 - floor.p50),
        '-',
        '(reference)',
        '-',
      ]);
      if (paired && peerFormat) {
        peerRows.push([
          peerFormat === 'pdf' ? 'page.pdf' : 'screenshot at 203 dpi',
          formatMs(paired.peer.p50),
          formatMs(paired.peer.cpuMs),
          formatMs(result.p50),
          `${(paired.peer.p50 / result.p50).toFixed(1)}x`,
        ]);
      }
    }

    const zplInline = CASES[0] as RenderCase;
    const throughputNow = await load(renderTarget(now, sample, zplInline), CONNECTIONS);
    const throughputBefore = before ? await load(renderTarget(before, sample, zplInline), CONNECTIONS) : undefined;

    console.log(
      `\nRequest path: ${sample.name} through POST /v1/render (published template, live key) to \`labelsmith serve\` on SQLite, one connection, requests in turn; "before" is the build of ${BASELINE_COMMIT} in the same run${before ? '' : ` (not available: ${baselineProblem})`}; load average at start ${loadAtStart}\n`,
    );
    printTable(['request', 'p50 ms', 'p99 ms', 'above floor ms', 'p50 before ms', 'target', 'met'], rows);
    if (peerRows.length > 0) {
      console.log(
        `\nChromium (Debian's, headless), the label's html page kept open with its fonts loaded once and the body swapped for each label, in turn with the server's rows: ${ROUNDS} rounds of ${CHROMIUM_BLOCK} labels and one server run each; cpu: Chromium's processes' CPU a label (it spreads a render over several)\n`,
      );
      printTable(['Chromium', 'p50 ms', 'cpu ms a label', 'server p50 ms', 'Chromium / server'], peerRows);
    }
    const ratio = throughputBefore ? throughputNow.perSecond / throughputBefore.perSecond : undefined;
    console.log(`\nThroughput: zpl inline, ${CONNECTIONS} connections\n`);
    printTable(
      ['server', 'renders/s', 'p50 ms', 'p99 ms', 'vs before', 'target', 'met'],
      [
        [
          `${BASELINE_COMMIT} (before)${throughputBefore ? failedNote(throughputBefore) : ''}`,
          throughputBefore ? throughputBefore.perSecond.toFixed(0) : '-',
          throughputBefore ? formatMs(throughputBefore.p50) : '-',
          throughputBefore ? formatMs(throughputBefore.p99) : '-',
          '1.00x',
          '(baseline)',
          '-',
        ],
        [
          `this build${failedNote(throughputNow)}`,
          throughputNow.perSecond.toFixed(0),
          formatMs(throughputNow.p50),
          formatMs(throughputNow.p99),
          ratio === undefined ? '-' : `${ratio.toFixed(2)}x`,
          '>= 2x before',
          yesNo(ratio === undefined ? undefined : ratio >= 2),
        ],
      ],
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}
