// The request path's targets: the parcel label with its logo through `labelsmith serve`, one request at a time per format against GET /health's floor and Chromium, and zpl throughput against the build before the request path's work, same run.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import type { OutputFormat } from '../../src-shared/render/outputFormats';
import { renderLabel } from '../../src-shared/render/renderLabel';
import { chromiumPath, launchChromium } from '../chromium/launchChromium';
import { bundledFonts } from '../fonts/bundledFonts';
import { loadParcelWithLogo, type Sample } from '../samples/sampleTemplates';
import { killServe, startServe } from '../testing/serveProcess';
import { baselineCli } from './baselineBuild';
import { ChromiumLabelPage } from './chromiumPeer';
import { load, probe, type LoadResult, type LoadTarget } from './httpBench';
import { formatMs, printTable } from './measure';
import { parcelOfItsOwn } from './parcelOfItsOwn';

const CLI = fileURLToPath(new URL('../cli/labelsmith.mjs', import.meta.url));
/** The commit before the request path's work (issue 14): "today's" server of its throughput target. LABELSMITH_BENCH_BASELINE names another. */
const BASELINE_COMMIT = process.env.LABELSMITH_BENCH_BASELINE ?? 'cd428b3';
const CONNECTIONS = 12;
const START_TIMEOUT_MS = 60_000;
const CHROMIUM_WARMUP = 20;
const CHROMIUM_RENDERS = 200;

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
  const team = String((await cliJson(cli, ['team', 'create', '--name', 'bench', '--plan', 'enterprise', '--rate-minute', '1000000000', '--rate-hour', '1000000000', ...at])).id);
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

function renderTarget(node: Node, sample: Sample, { format, delivery, dpi }: RenderCase): LoadTarget {
  return {
    url: `${node.url}/v1/render`,
    method: 'POST',
    headers: { authorization: `Bearer ${node.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId: node.templateId, data: parcelOfItsOwn(sample.data, '[<id>]'), format, delivery, ...(dpi === undefined ? {} : { dpi }) }),
    // autocannon's id for each request: every request a parcel of its own.
    idReplacement: true,
  };
}

/** Chromium's p50 for the label's html, page kept open and body swapped (what most render services run), to pdf and to a 203 dpi png. */
async function chromiumTimes(sample: Sample): Promise<{ pdf: number; png: number } | undefined> {
  if (!chromiumPath()) return undefined;
  const html = new TextDecoder().decode((await renderLabel(sample.template, sample.data, { format: 'html', fonts: bundledFonts() })).bytes);
  const browser: Browser = await launchChromium();
  try {
    const p50 = async (page: ChromiumLabelPage, output: () => Promise<Buffer>): Promise<number> => {
      const times: number[] = [];
      for (let index = 0; index < CHROMIUM_WARMUP + CHROMIUM_RENDERS; index++) {
        const start = performance.now();
        await page.showLabel(html);
        await output();
        if (index >= CHROMIUM_WARMUP) times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
    };
    const pdfPage = await ChromiumLabelPage.open(browser, html, 4, 6, 1);
    const pngPage = await ChromiumLabelPage.open(browser, html, 4, 6, 203 / 96);
    return { pdf: await p50(pdfPage, () => pdfPage.pdf()), png: await p50(pngPage, () => pngPage.png()) };
  } finally {
    await browser.close();
  }
}

/** The issue's targets: how far above the floor a format may be, or how many times faster than Chromium. */
function verdict(renderCase: RenderCase, p50: number, floor: number, bytes: number, chromium: { pdf: number; png: number } | undefined): [string, boolean | undefined] {
  const above = (limit: number): [string, boolean] => [`<= floor + ${limit} ms`, p50 - floor <= limit];
  if (renderCase.name === 'zpl inline') return above(0.6);
  if (renderCase.name === 'zpl url') return above(1.5);
  if (renderCase.format === 'html') {
    const [target, met] = above(1.5);
    return [`${target}, <= 60 KB (${(bytes / 1024).toFixed(1)} KB)`, met && bytes <= 60 * 1024];
  }
  if (!chromium) return ['(no Chromium)', undefined];
  const times = (renderCase.format === 'pdf' ? chromium.pdf : chromium.png) / p50;
  const wanted = renderCase.format === 'pdf' ? 10 : 5;
  return [`>= ${wanted}x Chromium (${times.toFixed(1)}x)`, times >= wanted];
}

const yesNo = (met: boolean | undefined): string => (met === undefined ? '-' : met ? 'yes' : 'NO');
const failedNote = (result: LoadResult): string => (result.failed > 0 ? ` (${result.failed} failed: row meaningless)` : '');

export async function requestPathBench(): Promise<void> {
  const sample = loadParcelWithLogo();
  const cleanups: Cleanups = [];
  const loadAtStart = loadavg()[0]?.toFixed(2);
  try {
    // Chromium first, with the machine to itself, as the servers are not started yet.
    const chromium = await chromiumTimes(sample);
    const now = await startNode(cleanups, CLI, sample);
    let before: Node | undefined;
    let baselineProblem = '';
    try {
      before = await startNode(cleanups, baselineCli(BASELINE_COMMIT), sample);
    } catch (error) {
      baselineProblem = error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error);
    }

    // Warm every node's render workers before any row counts.
    for (const node of [now, before]) if (node) await load(renderTarget(node, sample, CASES[0] as RenderCase), CONNECTIONS);

    const health: LoadTarget = { url: `${now.url}/health`, method: 'GET' };
    await probe(health, 'GET /health');
    const floor = await load(health, 1);
    const rows: string[][] = [['GET /health (the floor)', formatMs(floor.p50), formatMs(floor.p99), '-', '-', '(floor)', '-']];
    for (const renderCase of CASES) {
      const target = renderTarget(now, sample, renderCase);
      const answer = await probe(target, renderCase.name);
      const bytes = renderCase.delivery === 'inline' ? Buffer.byteLength(answer) : (JSON.parse(answer) as { sizeBytes: number }).sizeBytes;
      const result = await load(target, 1);
      const old = before ? await load(renderTarget(before, sample, renderCase), 1) : undefined;
      const [goal, met] = verdict(renderCase, result.p50, floor.p50, bytes, chromium);
      rows.push([`POST /v1/render ${renderCase.name}${failedNote(result)}`, formatMs(result.p50), formatMs(result.p99), formatMs(result.p50 - floor.p50), old ? formatMs(old.p50) : '-', goal, yesNo(result.failed > 0 ? false : met)]);
    }
    if (chromium) rows.push(['Chromium page.pdf, page kept open', formatMs(chromium.pdf), '-', '-', '-', '(pdf peer)', '-'], ['Chromium screenshot 203 dpi, page kept open', formatMs(chromium.png), '-', '-', '-', '(png peer)', '-']);

    const zplInline = CASES[0] as RenderCase;
    const throughputNow = await load(renderTarget(now, sample, zplInline), CONNECTIONS);
    const throughputBefore = before ? await load(renderTarget(before, sample, zplInline), CONNECTIONS) : undefined;

    console.log(
      `\nRequest path: ${sample.name} through POST /v1/render (published template, live key) to \`labelsmith serve\` on SQLite, one connection, requests in turn; "before" is the build of ${BASELINE_COMMIT} in the same run${before ? '' : ` (not available: ${baselineProblem})`}; load average at start ${loadAtStart}\n`,
    );
    printTable(['request', 'p50 ms', 'p99 ms', 'above floor ms', 'p50 before ms', 'target', 'met'], rows);
    const ratio = throughputBefore ? throughputNow.perSecond / throughputBefore.perSecond : undefined;
    console.log(`\nThroughput: zpl inline, ${CONNECTIONS} connections\n`);
    printTable(
      ['server', 'renders/s', 'p50 ms', 'p99 ms', 'vs before', 'target', 'met'],
      [
        [`${BASELINE_COMMIT} (before)${throughputBefore ? failedNote(throughputBefore) : ''}`, throughputBefore ? throughputBefore.perSecond.toFixed(0) : '-', throughputBefore ? formatMs(throughputBefore.p50) : '-', throughputBefore ? formatMs(throughputBefore.p99) : '-', '1.00x', '(baseline)', '-'],
        [`this build${failedNote(throughputNow)}`, throughputNow.perSecond.toFixed(0), formatMs(throughputNow.p50), formatMs(throughputNow.p99), ratio === undefined ? '-' : `${ratio.toFixed(2)}x`, '>= 2x before', yesNo(ratio === undefined ? undefined : ratio >= 2)],
      ],
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}
