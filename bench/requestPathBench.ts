// The request path's targets: the parcel label with its logo through `labelsmith serve`, one request at a time per format against GET /health's floor and Chromium (in turn with the server's rows), and zpl throughput under 12 connections, beside the build before the request path's work, same run.
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
import { load, probe, SECONDS, WARMUP_SECONDS, type LoadResult, type LoadTarget } from './httpBench';
import { formatMs, printTable } from './measure';
import { inPrinterFont0 } from './inPrinterFont0';
import { PARCEL_NUMBER, parcelOfItsOwn } from './parcelOfItsOwn';

const CLI = fileURLToPath(new URL('../node/cli/labelsmith.mjs', import.meta.url));
/** The commit before the request path's work: the "before" column. LABELSMITH_BENCH_BASELINE names another, or `none` to run without. */
const BASELINE_COMMIT = process.env.LABELSMITH_BENCH_BASELINE ?? 'cd428b3';
const GROUPS = ['zpl', 'pdf', 'png', 'html', 'throughput'] as const;
type Group = (typeof GROUPS)[number];
/** LABELSMITH_BENCH_PATH_ROWS=zpl,throughput runs only those groups of rows (GET /health always), to iterate faster. */
function selectedGroups(): Set<Group> {
  const named = process.env.LABELSMITH_BENCH_PATH_ROWS?.split(',').map((name) => name.trim());
  const unknown = named?.filter((name) => !(GROUPS as readonly string[]).includes(name)) ?? [];
  if (unknown.length > 0)
    throw new Error(`LABELSMITH_BENCH_PATH_ROWS: unknown ${unknown.join(', ')}: choose from ${GROUPS.join(', ')}`);
  return new Set((named as Group[] | undefined) ?? GROUPS);
}
const CONNECTIONS = 12;
const START_TIMEOUT_MS = 60_000;
const CHROMIUM_WARMUP = 20;
/** Chromium and the server take turns, ROUNDS times, so a busy moment of the machine falls on both sides alike. */
const ROUNDS = 4;
const CHROMIUM_BLOCK = 50;

type Cleanups = (() => Promise<void> | void)[];

/** How the label's texts reach a ZPL printer: graphics of their glyphs (the default) or the printer's font 0. */
type TextAs = 'graphic' | 'printer0';

interface Node {
  url: string;
  /** The serve process: its main thread is the one that serves every request. */
  pid: number;
  key: string;
  /** The sample published twice: as it is, and with every text in "Printer 0". */
  templateIds: Record<TextAs, string>;
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
  const publish = async (template: unknown, name: string): Promise<string> => {
    const file = join(dataDir, `${name}.json`);
    writeFileSync(file, JSON.stringify(template));
    return String((await cliJson(cli, ['template', 'import', '--team', team, '--file', file, '--publish', ...at])).id);
  };
  const templateIds = {
    graphic: await publish(sample.template, 'graphic'),
    printer0: await publish(inPrinterFont0(sample.template), 'printer0'),
  };
  const node = await startServe(cli, dataDir, START_TIMEOUT_MS);
  cleanups.push(() => killServe(node));
  return { url: node.url, pid: node.child.pid as number, key: String(key), templateIds };
}

type Parcel = 'same data' | 'new parcel' | 'long id';

/** The data a row sends each request (see RenderCase.parcel). */
function parcelData(sample: Sample, parcel: Parcel): Record<string, unknown> {
  if (parcel === 'same data') return sample.data;
  return parcelOfItsOwn(sample.data, parcel === 'new parcel' ? PARCEL_NUMBER : '[<id>]');
}

interface RenderCase {
  name: string;
  group: Group;
  format: OutputFormat;
  delivery: 'inline' | 'url';
  dpi?: number;
  text: TextAs;
  /**
   * `same data`: the sample's own data every time (a repeated label: a worker's caches hold every drawing after the
   * first request). `new parcel`: a parcel of its own each request, numbered (its texts fit their boxes, as a real
   * recipient's do). `long id`: a parcel of its own with autocannon's 24-character id, whose texts overflow and shrink.
   */
  parcel: Parcel;
  /** The target: at most this many ms above GET /health, or this many times faster than Chromium (pdf and png). */
  target?: { aboveFloorMs: number } | { timesChromium: number };
}

const CASES: RenderCase[] = [
  {
    name: 'zpl inline, Printer 0 text, same data',
    group: 'zpl',
    format: 'zpl',
    delivery: 'inline',
    text: 'printer0',
    parcel: 'same data',
    target: { aboveFloorMs: 0.6 },
  },
  {
    name: 'zpl inline, graphic text, same data',
    group: 'zpl',
    format: 'zpl',
    delivery: 'inline',
    text: 'graphic',
    parcel: 'same data',
    target: { aboveFloorMs: 1 },
  },
  {
    name: 'zpl inline, graphic text, new parcel',
    group: 'zpl',
    format: 'zpl',
    delivery: 'inline',
    text: 'graphic',
    parcel: 'new parcel',
  },
  {
    name: 'zpl inline, graphic text, new parcel, long id',
    group: 'zpl',
    format: 'zpl',
    delivery: 'inline',
    text: 'graphic',
    parcel: 'long id',
  },
  {
    name: 'zpl url, graphic text, new parcel',
    group: 'zpl',
    format: 'zpl',
    delivery: 'url',
    text: 'graphic',
    parcel: 'new parcel',
  },
  ...(['pdf', 'png', 'html'] as const).flatMap((format): RenderCase[] =>
    (['new parcel', 'same data'] as const).map((parcel) => ({
      name: `${format}${format === 'png' ? ' 203 dpi' : ''} inline, ${parcel}`,
      group: format,
      format,
      delivery: 'inline',
      ...(format === 'png' ? { dpi: 203 } : {}),
      text: 'graphic',
      parcel,
      // Chromium draws the sample's own data; a new parcel each request is the server's harder case.
      ...(parcel === 'same data'
        ? {}
        : { target: format === 'html' ? { aboveFloorMs: 1.5 } : { timesChromium: format === 'pdf' ? 10 : 5 } }),
    })),
  ),
];

function renderTarget(node: Node, sample: Sample, { format, delivery, dpi, text, parcel }: RenderCase): LoadTarget {
  return {
    url: `${node.url}/v1/render`,
    method: 'POST',
    headers: { authorization: `Bearer ${node.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      templateId: node.templateIds[text],
      data: parcelData(sample, parcel),
      format,
      delivery,
      ...(dpi === undefined ? {} : { dpi }),
    }),
    // Every request a parcel of its own: the next number, or autocannon's id.
    parcelNumbers: parcel === 'new parcel',
    idReplacement: parcel === 'long id',
  };
}

/** /proc counts CPU time in clock ticks of USER_HZ, 100 a second on Linux. */
const MS_PER_CLOCK_TICK = 10;

/** CPU milliseconds the serve process's main thread (the one that runs every request's JavaScript) has used so far. */
function serverThreadCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_CLOCK_TICK;
}

interface Measured extends LoadResult {
  /** The server's main thread's CPU a request, over the warm-up and the timed seconds (the count estimated from the rate). */
  serverCpuMs: number;
}

/** load() against `node`, with its main thread's CPU a request. */
async function loadOn(node: Node, target: LoadTarget, connections: number): Promise<Measured> {
  const cpuAtStart = serverThreadCpuMs(node.pid);
  const result = await load(target, connections);
  const requests = result.perSecond * (SECONDS + WARMUP_SECONDS);
  return { ...result, serverCpuMs: (serverThreadCpuMs(node.pid) - cpuAtStart) / requests };
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Several runs of one row as one: the median of each figure, the failures of all. */
function medianOf(rounds: Measured[]): Measured {
  return {
    ...(rounds[0] as Measured),
    perSecond: median(rounds.map((r) => r.perSecond)),
    p50: median(rounds.map((r) => r.p50)),
    serverCpuMs: median(rounds.map((r) => r.serverCpuMs)),
    p99: median(rounds.map((r) => r.p99)),
    failed: rounds.reduce((sum, r) => sum + r.failed, 0),
  };
}

/**
 * LABELSMITH_BENCH_PATH_ROUNDS=N runs each row without Chromium N times, this build and the one before in turn (which
 * goes first alternating), and reports the medians: on a machine other work keeps busy, a row run once per build
 * meets a busy moment on one side only.
 */
const PATH_ROUNDS = Math.max(1, Math.floor(Number(process.env.LABELSMITH_BENCH_PATH_ROUNDS ?? '1')) || 1);

/** A row on this build and the one before (when there is one), PATH_ROUNDS times in turn: the medians of each. */
async function inTurn(
  now: Node,
  before: Node | undefined,
  target: (node: Node) => LoadTarget,
  connections: number,
): Promise<{ now: Measured; before: Measured | undefined }> {
  const runs = new Map<Node, Measured[]>([[now, []]]);
  if (before) runs.set(before, []);
  for (let round = 0; round < PATH_ROUNDS; round++) {
    const order = round % 2 === 0 ? [now, before] : [before, now];
    for (const node of order) if (node) runs.get(node)?.push(await loadOn(node, target(node), connections));
  }
  const beforeRuns = before ? runs.get(before) : undefined;
  return { now: medianOf(runs.get(now) ?? []), before: beforeRuns ? medianOf(beforeRuns) : undefined };
}

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
  node: Node,
  target: LoadTarget,
): Promise<{ server: Measured; peer: { p50: number; cpuMs: number } }> {
  const rounds: Measured[] = [];
  const blocks: PeerBlock[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    blocks.push(await peer.block(format, CHROMIUM_BLOCK));
    rounds.push(await loadOn(node, target, 1));
  }
  const server = medianOf(rounds);
  const times = blocks.flatMap((block) => block.times);
  return {
    server,
    peer: { p50: median(times), cpuMs: blocks.reduce((sum, block) => sum + block.cpuMs, 0) / times.length },
  };
}

/** The case's target and whether it is met: how far above the floor it may be, or how many times faster than Chromium (its p50 in the same rounds). */
function verdict(
  { format, target }: RenderCase,
  p50: number,
  floor: number,
  bytes: number,
  chromiumP50: number | undefined,
): [string, boolean | undefined] {
  if (target === undefined) return ['(reference)', undefined];
  if ('aboveFloorMs' in target) {
    const goal = `<= floor + ${target.aboveFloorMs} ms`;
    const met = p50 - floor <= target.aboveFloorMs;
    if (format !== 'html') return [goal, met];
    return [`${goal}, <= 60 KB (${(bytes / 1024).toFixed(1)} KB)`, met && bytes <= 60 * 1024];
  }
  if (chromiumP50 === undefined) return ['(no Chromium)', undefined];
  const times = chromiumP50 / p50;
  return [`>= ${target.timesChromium}x Chromium (${times.toFixed(1)}x)`, times >= target.timesChromium];
}

const yesNo = (met: boolean | undefined): string => (met === undefined ? '-' : met ? 'yes' : 'NO');
const failedNote = (result: LoadResult): string =>
  result.failed > 0 ? ` (${result.failed} failed: row meaningless)` : '';

/** The throughput targets: zpl inline (graphic text, the default) under CONNECTIONS connections. */
const THROUGHPUT: { case: RenderCase; perSecond?: number }[] = [
  { case: CASES[1] as RenderCase, perSecond: 1500 },
  { case: CASES[2] as RenderCase, perSecond: 600 },
  { case: CASES[3] as RenderCase },
];

export async function requestPathBench(): Promise<void> {
  const sample = loadParcelWithLogo();
  const groups = selectedGroups();
  const cases = CASES.filter((renderCase) => groups.has(renderCase.group));
  const cleanups: Cleanups = [];
  const loadAtStart = loadavg()[0]?.toFixed(2);
  try {
    const chromium = groups.has('pdf') || groups.has('png') ? await ChromiumPeer.start(sample) : undefined;
    if (chromium) cleanups.push(() => chromium.close());
    const now = await startNode(cleanups, CLI, sample);
    let before: Node | undefined;
    let baselineProblem = 'LABELSMITH_BENCH_BASELINE=none';
    if (BASELINE_COMMIT !== 'none') {
      try {
        before = await startNode(cleanups, baselineCli(BASELINE_COMMIT), sample);
      } catch (error) {
        baselineProblem = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      }
    }

    // Warm every node's render workers before any row counts.
    for (const node of [now, before])
      if (node) await load(renderTarget(node, sample, CASES[2] as RenderCase), CONNECTIONS);

    const health: LoadTarget = { url: `${now.url}/health`, method: 'GET' };
    await probe(health, 'GET /health');
    const floor = (await inTurn(now, undefined, () => health, 1)).now;
    const rows: string[][] = [
      [
        'GET /health (the floor)',
        formatMs(floor.p50),
        formatMs(floor.p99),
        '-',
        formatMs(floor.serverCpuMs),
        '-',
        '-',
        '(floor)',
        '-',
      ],
    ];
    const peerRows: string[][] = [];
    for (const renderCase of cases) {
      const target = renderTarget(now, sample, renderCase);
      const answer = await probe(target, renderCase.name);
      const bytes =
        renderCase.delivery === 'inline'
          ? Buffer.byteLength(answer)
          : (JSON.parse(answer) as { sizeBytes: number }).sizeBytes;
      const peerFormat =
        renderCase.target !== undefined && 'timesChromium' in renderCase.target
          ? (renderCase.format as 'pdf' | 'png')
          : undefined;
      const paired = chromium && peerFormat ? await interleaved(chromium, peerFormat, now, target) : undefined;
      const oldTarget = before ? renderTarget(before, sample, renderCase) : undefined;
      // The build before takes its turns with Chromium too, so both builds' rows see the machine as Chromium leaves it.
      const oldPaired =
        before && oldTarget && chromium && peerFormat
          ? await interleaved(chromium, peerFormat, before, oldTarget)
          : undefined;
      // Rows paired with Chromium take turns with it instead of with each other.
      const { now: result, before: old } = paired
        ? {
            now: paired.server,
            before: before && oldTarget ? (oldPaired?.server ?? (await loadOn(before, oldTarget, 1))) : undefined,
          }
        : await inTurn(now, before, (node) => renderTarget(node, sample, renderCase), 1);
      const [goal, met] = verdict(renderCase, result.p50, floor.p50, bytes, paired?.peer.p50);
      rows.push([
        `POST /v1/render ${renderCase.name}${failedNote(result)}`,
        formatMs(result.p50),
        formatMs(result.p99),
        formatMs(result.p50 - floor.p50),
        formatMs(result.serverCpuMs),
        old ? formatMs(old.p50) : '-',
        old ? formatMs(old.serverCpuMs) : '-',
        goal,
        yesNo(result.failed > 0 ? false : met),
      ]);
      if (paired && peerFormat) {
        peerRows.push([
          peerFormat === 'pdf' ? 'page.pdf' : 'screenshot at 203 dpi',
          formatMs(paired.peer.p50),
          formatMs(paired.peer.cpuMs),
          formatMs(result.p50),
          `${(paired.peer.p50 / result.p50).toFixed(1)}x`,
          oldPaired ? formatMs(oldPaired.peer.p50) : '-',
          oldPaired ? formatMs(oldPaired.server.p50) : '-',
          oldPaired ? `${(oldPaired.peer.p50 / oldPaired.server.p50).toFixed(1)}x` : '-',
        ]);
      }
    }

    const throughputRows: string[][] = [];
    if (groups.has('throughput')) {
      for (const { case: renderCase, perSecond } of THROUGHPUT) {
        const data = renderCase.parcel;
        const { now: result, before: old } = await inTurn(
          now,
          before,
          (node) => renderTarget(node, sample, renderCase),
          CONNECTIONS,
        );
        if (old)
          throughputRows.push([
            `${BASELINE_COMMIT} (before), ${data}${failedNote(old)}`,
            old.perSecond.toFixed(0),
            formatMs(old.p50),
            formatMs(old.p99),
            formatMs(old.serverCpuMs),
            '(reference)',
            '-',
          ]);
        throughputRows.push([
          `this build, ${data}${failedNote(result)}`,
          result.perSecond.toFixed(0),
          formatMs(result.p50),
          formatMs(result.p99),
          formatMs(result.serverCpuMs),
          perSecond === undefined ? '(reference)' : `>= ${perSecond.toLocaleString('en')}/s`,
          perSecond === undefined ? '-' : yesNo(result.failed === 0 && result.perSecond >= perSecond),
        ]);
      }
    }

    console.log(
      `\nRequest path: ${sample.name} through POST /v1/render (published template, live key) to \`labelsmith serve\` on SQLite, one connection, requests in turn; "before" is the build of ${BASELINE_COMMIT} in the same run${PATH_ROUNDS > 1 ? ` (${PATH_ROUNDS} rounds in turn, medians)` : ''}${before ? '' : ` (not available: ${baselineProblem})`}; load average at start ${loadAtStart}, at end ${loadavg()[0]?.toFixed(2)}\n`,
    );
    printTable(
      [
        'request',
        'p50 ms',
        'p99 ms',
        'above floor ms',
        'server thread cpu ms',
        'p50 before ms',
        'cpu before ms',
        'target',
        'met',
      ],
      rows,
    );
    console.log(
      `\nserver thread cpu: the serve process's main thread (every request's JavaScript; not its render workers), CPU ms a request from /proc (10 ms ticks) over a row's ${WARMUP_SECONDS + SECONDS} s`,
    );
    if (peerRows.length > 0) {
      console.log(
        `\nChromium (Debian's, headless), the label's html page kept open with its fonts loaded once and the body swapped for each label, in turn with the server's rows: ${ROUNDS} rounds of ${CHROMIUM_BLOCK} labels and one server run each (the build before in rounds of its own); cpu: Chromium's processes' CPU a label (it spreads a render over several)\n`,
      );
      printTable(
        [
          'Chromium',
          'p50 ms',
          'cpu ms a label',
          'server p50 ms',
          'Chromium / server',
          'Chromium p50 ms, before',
          'server p50 ms, before',
          'Chromium / before',
        ],
        peerRows,
      );
    }
    if (throughputRows.length > 0) {
      console.log(`\nThroughput: zpl inline, graphic text, ${CONNECTIONS} connections\n`);
      printTable(
        ['server, data', 'renders/s', 'p50 ms', 'p99 ms', 'server thread cpu ms', 'target', 'met'],
        throughputRows,
      );
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}
