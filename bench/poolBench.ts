// Throughput of the render pool against direct in-process renders, and how long each keeps the event loop waiting.
import type { OutputFormat } from '@shared/render/outputFormats';
import { renderLabel } from '@shared/render/renderLabel';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { createRenderPool } from '@main/render/renderPool';
import { loadParcelWithLogo, loadSample } from '@main/samples/sampleTemplates';
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
