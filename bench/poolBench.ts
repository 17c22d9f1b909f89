// Throughput of the render pool against direct in-process renders, and how long each keeps the event loop waiting.
import type { OutputFormat } from '@shared/render/outputFormats';
import { renderLabel } from '@shared/render/renderLabel';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { readFileSync } from 'node:fs';
import { createRenderPool } from '@main/render/renderPool';
import { stepRunner } from '@main/render/renderWorker';
import type { RenderStep } from '@main/render/taskProtocol';
import { loadParcelWithLogo, loadSample, loadSampleZpl } from '@main/samples/sampleTemplates';
import { formatMs, measure, printTable } from './measure';

const THREADS = 2;
const WARMUP = 20;
/** Renders in flight at once through the pool. */
const CLIENTS = 8;
const CASES: { name: string; format: OutputFormat; dpi?: number; renders: number }[] = [
  { name: 'zpl 203 dpi', format: 'zpl', renders: 1000 },
  { name: 'pdf', format: 'pdf', renders: 200 },
  { name: 'png 203 dpi', format: 'png', dpi: 203, renders: 200 },
];

interface Run {
  perSecond: number;
  worstLagMs: number;
}

/** Renders per second, and the worst delay of a 5 ms timer meanwhile: what /health would feel. */
async function timed(renders: number, runAll: () => Promise<unknown>): Promise<Run> {
  let worstLagMs = 0;
  let due = performance.now() + 5;
  const ticker = setInterval(() => {
    const now = performance.now();
    worstLagMs = Math.max(worstLagMs, now - due);
    due = now + 5;
  }, 5);
  const start = performance.now();
  try {
    await runAll();
  } finally {
    clearInterval(ticker);
  }
  // A run that never yields to the timer phase (renders that only await promises) never ticks: its lag is the whole run.
  worstLagMs = Math.max(worstLagMs, performance.now() - due);
  return { perSecond: renders / ((performance.now() - start) / 1000), worstLagMs };
}

export async function poolBench(): Promise<void> {
  const fonts = bundledFonts();
  const sample = loadSample('shipping-4x6');
  const pool = createRenderPool({ threads: THREADS });
  const rows: string[][] = [];
  try {
    for (const { name, format, dpi, renders } of CASES) {
      const job = { template: sample.template, data: sample.data, format, dpi };
      const direct = async (count: number): Promise<void> => {
        for (let index = 0; index < count; index++) await renderLabel(job.template, job.data, { ...job, fonts });
      };
      // A few clients, each sending its next render when the last returns: the queue stays short of its bound.
      const pooled = async (count: number): Promise<void> => {
        let sent = 0;
        const client = async (): Promise<void> => {
          while (sent++ < count) await pool.render(job);
        };
        await Promise.all(Array.from({ length: CLIENTS }, client));
      };
      await direct(WARMUP);
      await pooled(WARMUP);
      const ours = await timed(renders, () => direct(renders));
      const viaPool = await timed(renders, () => pooled(renders));
      rows.push([
        name,
        String(renders),
        ours.perSecond.toFixed(0),
        viaPool.perSecond.toFixed(0),
        `${(viaPool.perSecond / ours.perSecond).toFixed(2)}x`,
        formatMs(ours.worstLagMs),
        formatMs(viaPool.worstLagMs),
      ]);
    }
  } finally {
    await pool.close();
  }
  console.log(
    `\nRender pool: ${sample.name}, renders per second, direct in-process calls (one after another) vs the pool with ${THREADS} threads (${CLIENTS} renders in flight)\n`,
  );
  printTable(
    [
      'format',
      'renders',
      'direct / s',
      `pool (${THREADS} threads) / s`,
      'pool / direct',
      'direct: worst timer lag ms',
      'pool: worst timer lag ms',
    ],
    rows,
  );
  await hopBench();
  await purgeDelayBench();
}

/** The png raster through a one-worker pool, renders in turn, with mimalloc's own purge delay against the pool's (see workerProcess). */
async function purgeDelayBench(): Promise<void> {
  const sample = loadParcelWithLogo();
  const job = { template: sample.template, data: sample.data, format: 'png' as const, dpi: 203 };
  const rows: string[][] = [];
  let baseline = 0;
  for (const [name, delay] of [
    ["mimalloc's default, 10 ms", '10'],
    ["the pool's, 1000 ms", undefined],
  ] as const) {
    const inherited = process.env.MIMALLOC_PURGE_DELAY;
    if (delay === undefined) delete process.env.MIMALLOC_PURGE_DELAY;
    else process.env.MIMALLOC_PURGE_DELAY = delay;
    // The worker reads the variable when it starts, which is now.
    const pool = createRenderPool({ threads: 1 });
    if (inherited === undefined) delete process.env.MIMALLOC_PURGE_DELAY;
    else process.env.MIMALLOC_PURGE_DELAY = inherited;
    try {
      const timing = await measure(200, () => pool.render(job));
      baseline ||= timing.p50;
      rows.push([name, formatMs(timing.p50), formatMs(timing.mean), `${(baseline / timing.p50).toFixed(2)}x`]);
    } finally {
      await pool.close();
    }
  }
  console.log(
    `\nA render worker's freed raster pages: ${sample.name} with its logo as png at 203 dpi, one worker, renders in turn, by MIMALLOC_PURGE_DELAY\n`,
  );
  printTable(['purge delay', 'p50 ms', 'mean ms', 'speed-up'], rows);
}

/** CPU milliseconds this process's main thread (the server's thread, in a server) has used: /proc's utime + stime. */
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name; clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The hop: one render at a time, in process (the worker's own step runner with its caches, as warm as a worker's)
 * against the same step through a one-worker pool. The difference is what the pool adds to a render's latency; the
 * main thread's CPU a render is what it costs the thread that serves requests.
 */
async function hopBench(): Promise<void> {
  const parcel = loadParcelWithLogo();
  const carrier = loadSampleZpl('carrier-4x6');
  // As the API route sends a published version: by its key (a build without templateKey sends the template each time).
  const label = (format: 'zpl' | 'pdf' | 'html' | 'png', dpi?: number) => ({
    template: parcel.template,
    templateKey: 'parcel@1',
    data: parcel.data,
    format,
    ...(dpi === undefined ? {} : { dpi }),
  });
  const viewer = {
    zpl: carrier,
    dpmm: 8,
    widthDots: 812,
    heightDots: 1218,
    index: 0,
    rotation: 0,
    format: 'png',
  } as const;
  const pool = createRenderPool({ threads: 1 });
  const team = 'bench';
  const cases: { name: string; step: RenderStep; pooled: () => Promise<unknown>; renders: number }[] = [
    ...(['zpl', 'pdf', 'html'] as const).map((format) => ({
      name: format,
      step: { kind: 'label', job: label(format) } as const,
      pooled: () => pool.render({ ...label(format), team }),
      renders: 400,
    })),
    {
      name: 'ZPL viewer png (carrier-4x6)',
      step: { kind: 'zpl', job: viewer },
      pooled: () => pool.renderZpl({ ...viewer, team }),
      renders: 400,
    },
    {
      name: 'png 203 dpi',
      step: { kind: 'label', job: label('png', 203) },
      pooled: () => pool.render({ ...label('png', 203), team }),
      renders: 100,
    },
  ];
  const runner = stepRunner(bundledFonts());
  const rows: string[][] = [];
  try {
    for (const { name, step, pooled, renders } of cases) {
      // A worker holding the template by its key, as the pool's worker does after its first render of it.
      await runner.handle({ id: 1, step, team });
      const held = step.kind === 'label' ? { ...step, job: { ...step.job, template: undefined } } : step;
      // A build without templateKey fails a label without its template: it gets the template every time.
      const probe = await runner.handle({ id: 1, step: held, team });
      const inProcess = probe?.outcome.ok === true ? held : step;
      const direct = await measure(renders, () => runner.handle({ id: 1, step: inProcess, team }));
      await measure(20, pooled, 20);
      const cpuBefore = mainThreadCpuMs();
      const viaPool = await measure(renders, pooled, 0);
      const mainCpu = (mainThreadCpuMs() - cpuBefore) / renders;
      rows.push([
        name,
        formatMs(direct.p50),
        formatMs(viaPool.p50),
        formatMs(viaPool.p50 - direct.p50),
        formatMs(mainCpu),
      ]);
    }
  } finally {
    await pool.close();
  }
  console.log(`\nThe hop: ${parcel.name} (same data) and the viewer's carrier label, one render at a time\n`);
  printTable(['render', 'in process p50 ms', 'through the pool p50 ms', 'hop ms', 'main thread cpu ms a render'], rows);
}
