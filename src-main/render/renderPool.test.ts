import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, BadRequestError, InvalidTemplateError, RenderError } from '@shared/errors';
import { renderLabel } from '@shared/render/renderLabel';
import { roundedBoxesPng } from '../../test/support/engine/slowRasters';
import { bundledFonts } from '../fonts/bundledFonts';
import { loadSample } from '../samples/sampleTemplates';
import { TimeLimitError } from './poolWorker';
import { createRenderPool, renderWorkerPath, type RenderPool } from './renderPool';
import { PROCESS_WORKER_ARG } from './taskProtocol';

const shipping = loadSample('shipping-4x6');
const assetTag = loadSample('asset-tag');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Elements laid out on a grid over a square label of `sideMm`. */
function gridTemplate(
  sideMm: number,
  elements: ((id: number, x: string, y: string, size: string) => Record<string, unknown>)[],
): unknown {
  const perRow = Math.ceil(Math.sqrt(elements.length));
  const cell = sideMm / perRow;
  return {
    formatVersion: 1,
    meta: { name: 'stress' },
    dimensions: { width: `${sideMm}mm`, height: `${sideMm}mm` },
    elements: elements.map((element, index) =>
      element(index, `${(index % perRow) * cell}mm`, `${Math.floor(index / perRow) * cell}mm`, `${cell * 0.9}mm`),
    ),
  };
}

/** 1,000 QR codes of 800 characters: about 5.5 s as PDF on the development machine, far over a 0.5 s budget. */
const thousandQrCodes = gridTemplate(
  300,
  Array.from({ length: 1000 }, () => (id: number, x: string, y: string, size: string) => ({
    id: `qr-${id}`,
    type: 'barcode',
    symbology: 'qrcode',
    position: { mode: 'absolute', x, y },
    width: size,
    height: size,
    content: { text: `${id}-${'x'.repeat(800)}` },
  })),
);

/** 1 m x 1 m, 1,000 text boxes of `characters` characters each at 4 pt. */
function thousandTexts(characters: number): unknown {
  return gridTemplate(
    1000,
    Array.from({ length: 1000 }, () => (id: number, x: string, y: string, size: string) => ({
      id: `text-${id}`,
      type: 'text',
      position: { mode: 'absolute', x, y },
      width: size,
      height: size,
      content: { text: `word${id} `.repeat(Math.ceil(characters / 5)).slice(0, characters - 1) },
      style: { fontSize: '4pt' },
    })),
  );
}

/**
 * 1 MB of JSON, the most a request body holds, whose layout needs more than 40 MB of V8 heap. Not larger: a thread
 * parses its template in one native call (JSON.parse) that its heap limit cannot interrupt, Node lets a thread 16 MB
 * past its limit while it stops, and a parse that needs more aborts the whole process (a 10 MB template sometimes did).
 */
const oneMbOfTexts = thousandTexts(1_000);

/** 10 MB of JSON: its layout needs about 90 MB of V8 heap, the samples under 24 MB. For a process, whose abort is its own. */
const thousandLongTexts = thousandTexts(10_000);

/** Seconds inside resvg's native raster, which only a process's kill stops. */
const slowPng = roundedBoxesPng(4);

/** A 4x6 label of 200 QR codes of 700 characters for the ZPL viewer: seconds of JavaScript (encoding) in its thread. */
const slowZpl = {
  zpl: `^XA${Array.from({ length: 200 }, (_, index) => `^FO${(index % 4) * 200},${(Math.floor(index / 4) % 6) * 200}^BQN,2,4^FDQA,${String(index).padEnd(700, 'x')}^FS`).join('')}^XZ`,
  dpmm: 8 as const,
  widthDots: 812,
  heightDots: 1218,
  index: 0,
  format: 'png' as const,
  rotation: 0 as const,
};

const sampleJob = (format: 'pdf' | 'png' | 'zpl', dpi?: number) => ({
  template: shipping.template,
  data: shipping.data,
  format,
  dpi,
});

/** The longest a 5 ms timer waited beyond its due time while `work` ran (the final wait included). */
async function worstTimerLag(work: () => Promise<unknown>): Promise<number> {
  let worst = 0;
  let due = performance.now() + 5;
  const ticker = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - due);
    due = now + 5;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  return Math.max(worst, performance.now() - due);
}

/** Live children of a process, from /proc (a killed child still counts until it has exited and been reaped). */
/**
 * The render worker processes `pid` started: its children whose command line has the worker's argument. Other
 * children of the test process (a database server or a command started by a test file run before this one in the same
 * process) are not the pool's.
 */
function workerProcessesOf(pid: number): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name, which is in parentheses and may hold spaces: state, ppid, ...
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const [, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(parent) !== pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0').includes(PROCESS_WORKER_ARG)) count++;
    } catch {
      // Gone meanwhile.
    }
  }
  return count;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('createRenderPool', () => {
  let pool: RenderPool;
  beforeAll(() => {
    pool = createRenderPool({ threads: 2 });
  });
  afterAll(() => pool.close());

  it('runs the worker bundle built by npm run build:node', () => {
    expect(renderWorkerPath()).toBe(join(process.cwd(), 'out', 'node', 'render', 'renderWorker.mjs'));
  });

  it('returns the same bytes as an in-process render (ZPL and PNG), with content type, warnings and timing', async () => {
    for (const job of [sampleJob('zpl'), sampleJob('png', 300)]) {
      const direct = await renderLabel(job.template, job.data, { ...job, fonts: bundledFonts() });
      const pooled = await pool.render(job);
      expect(pooled.bytes).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(pooled.bytes).equals(Buffer.from(direct.bytes))).toBe(true);
      expect(pooled.contentType).toBe(direct.contentType);
      expect(pooled.warnings).toEqual(direct.warnings);
      expect(pooled.renderTimeMs).toBeGreaterThan(0);
    }
  });

  it('brings back a whole PNG and a PDF whose text pdftotext reads', async () => {
    const png = await pool.render(sampleJob('png', 300));
    expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const decoded = PNG.sync.read(Buffer.from(png.bytes));
    expect([decoded.width, decoded.height]).toEqual([1200, 1800]);

    const pdf = await pool.render(sampleJob('pdf'));
    const dir = await mkdtemp(join(tmpdir(), 'labelsmith-pool-'));
    try {
      await writeFile(join(dir, 'label.pdf'), pdf.bytes);
      const { stdout } = await promisify(execFile)('pdftotext', [join(dir, 'label.pdf'), '-']);
      expect(stdout).toContain('Ada Lovelace');
      expect(stdout).toContain('Order A-10023');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends a template with a key once to each worker, then the key alone: the same bytes as sent whole', async () => {
    const job = { ...sampleJob('zpl'), templateKey: `shipping@${Math.random()}` };
    const whole = await pool.render(sampleJob('zpl'));
    // Each of the two threads is asked for it once; every render answers the same bytes.
    const byKey = await Promise.all(Array.from({ length: 6 }, () => pool.render(job)));
    for (const output of byKey) expect(Buffer.from(output.bytes).equals(Buffer.from(whole.bytes))).toBe(true);
    // The key names the content: what a worker kept under it is what renders, whatever template comes beside it.
    const other = await pool.render({ ...job, template: assetTag.template });
    expect(Buffer.from(other.bytes).equals(Buffer.from(whole.bytes))).toBe(true);
  });

  it('evaluates now() with the clock the job gives', async () => {
    const template = {
      formatVersion: 1,
      meta: { name: 'clock' },
      dimensions: { width: '50mm', height: '20mm' },
      elements: [
        {
          id: 'date',
          type: 'text',
          position: { mode: 'absolute', x: '1mm', y: '1mm' },
          width: '48mm',
          height: '10mm',
          contentExpression: "formatDate(now(), 'YYYY-MM-DD')",
          style: { fontFamily: 'Printer 0' },
        },
      ],
    };
    const { bytes } = await pool.render({ template, data: {}, format: 'zpl', now: Date.UTC(2031, 4, 17, 12) });
    expect(new TextDecoder().decode(bytes)).toContain('2031-05-17');
  });

  it('keeps INVALID_TEMPLATE with its class, status and the paths of every problem', async () => {
    const template = structuredClone(shipping.template) as { elements: Record<string, unknown>[] };
    template.elements[0]!.width = '12 parsecs';
    template.elements[2]!.type = 'hologram';
    const error = await rejection(pool.render({ template, data: shipping.data, format: 'pdf' }));
    expect(error).toBeInstanceOf(InvalidTemplateError);
    expect(error.code).toBe('INVALID_TEMPLATE');
    expect(error.status).toBe(400);
    const paths = (error.details?.errors as { path: string }[]).map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['elements[0].width', 'elements[2].type']));
  });

  it('keeps a render error’s code, status and element across the process (a value its barcode cannot hold)', async () => {
    const template = gridTemplate(40, [
      (id, x, y, size) => ({
        id: 'ean',
        type: 'barcode',
        symbology: 'ean13',
        position: { mode: 'absolute', x, y },
        width: size,
        height: size,
        content: { text: 'abc' },
      }),
    ]);
    const error = await rejection(pool.render({ template, data: {}, format: 'png', dpi: 100 }));
    expect(error).toBeInstanceOf(RenderError);
    expect([error.code, error.status]).toEqual(['INVALID_BARCODE_DATA', 400]);
    expect(error.details).toMatchObject({ elementId: 'ean', symbology: 'ean13' });
    expect(error.details?.reason).toBe(error.message);
    expect(error.message).not.toMatch(/\n\s+at /);
  });

  it('keeps BAD_REQUEST for data that is not an object', async () => {
    const error = await rejection(pool.render({ template: shipping.template, data: [1, 2], format: 'zpl' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect([error.code, error.status, error.message]).toEqual(['BAD_REQUEST', 400, 'data must be a JSON object']);
  });

  it('runs 20 renders at once, two at a time, all correct', async () => {
    const jobs = Array.from({ length: 20 }, (_, index) => {
      const sample = index % 2 === 0 ? shipping : assetTag;
      const format = (['pdf', 'png', 'zpl'] as const)[index % 3]!;
      return { template: sample.template, data: sample.data, format, dpi: 203 };
    });
    const results = Promise.all(jobs.map((job) => pool.render(job)));
    expect(pool.stats().queued + pool.stats().running).toBe(20);
    const outputs = await results;
    const signatures = { pdf: '%PDF-', png: '\x89PNG', zpl: '^XA' };
    const heads = outputs.map((output, index) =>
      Buffer.from(output.bytes.subarray(0, signatures[jobs[index]!.format].length)).toString('latin1'),
    );
    expect(heads).toEqual(jobs.map((job) => signatures[job.format]));
    expect(pool.stats()).toMatchObject({ threads: 2, queued: 0, running: 0 });
  });

  it('keeps the event loop responsive while 600 dpi PNGs render', async () => {
    // An 8 x 12 in label at 600 dpi: about 200 ms of synchronous work per render when done on this thread.
    const job = {
      template: { ...(shipping.template as object), dimensions: { width: '8in', height: '12in' } },
      data: shipping.data,
      format: 'png' as const,
      dpi: 600,
    };
    const inProcess = await worstTimerLag(() => renderLabel(job.template, job.data, { ...job, fonts: bundledFonts() }));
    let outputs: { bytes: Uint8Array }[] = [];
    const pooled = await worstTimerLag(async () => {
      outputs = await Promise.all(Array.from({ length: 8 }, () => pool.render(job)));
    });
    console.log(
      `worst timer lag: one render in process ${inProcess.toFixed(0)} ms; 8 renders through the pool ${pooled.toFixed(1)} ms`,
    );
    expect(outputs.map((output) => [...output.bytes.subarray(0, 8)])).toEqual(
      Array.from({ length: 8 }, () => PNG_SIGNATURE),
    );
    // Generous, and scaled by how slow the machine is right now (the in-process render's own lag, about 200 ms on a
    // quiet one): this is about responsiveness under load, not speed.
    expect(pooled).toBeLessThan(Math.max(100, inProcess / 4));
  });
});

describe('budgets and failures', () => {
  it('aborts a render over the time limit, replaces its thread and keeps serving', async () => {
    // 1.5 s: the replacement thread's first PDF (fonts read, code not yet optimised) must fit in it on a loaded machine.
    const pool = createRenderPool({ threads: 1, timeoutMs: 1500 });
    try {
      // A worker takes a second or more to start (fonts, warm-up label): measured from a started one. A PDF runs in a
      // worker thread: the watchdog's terminate() stops its JavaScript.
      await pool.render(sampleJob('zpl'));
      const start = performance.now();
      const error = await rejection(pool.render({ template: thousandQrCodes, data: {}, format: 'pdf' }));
      const elapsed = performance.now() - start;
      expect(error).toBeInstanceOf(RenderError);
      expect(error.message).toBe('render stopped: over its 1.5 s time limit');
      expect(error.status).toBe(502);
      // Aborted at the budget, not finished after its natural 5.5 s.
      expect(elapsed).toBeLessThan(4000);
      const next = await pool.render(sampleJob('pdf'));
      expect(new TextDecoder().decode(next.bytes.subarray(0, 5))).toBe('%PDF-');
      expect(pool.stats()).toMatchObject({ threads: 1, queued: 0, running: 0 });
    } finally {
      await pool.close();
    }
  });

  it('terminates a ZPL viewer render stuck past the time limit in its thread, and the next viewer render succeeds', async () => {
    const pool = createRenderPool({ threads: 1, timeoutMs: 500 });
    try {
      await pool.renderZpl({ ...slowZpl, zpl: '^XA^FO10,10^A0N,30,30^FDwarm^FS^XZ' });
      const start = performance.now();
      const error = await rejection(pool.renderZpl(slowZpl));
      const elapsed = performance.now() - start;
      expect([error.code, error.status, error.message]).toEqual([
        'RENDER_ERROR',
        502,
        'render stopped: over its 0.5 s time limit',
      ]);
      expect(error).toBeInstanceOf(TimeLimitError);
      // Stopped at the limit, not after the seconds its 200 QR codes take.
      expect(elapsed).toBeLessThan(2000);
      const next = await pool.renderZpl({ ...slowZpl, zpl: '^XA^FO10,10^A0N,30,30^FDafter^FS^XZ' });
      expect([...next.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(PNG.sync.read(Buffer.from(next.bytes)).width).toBe(812);
      expect(pool.stats()).toMatchObject({ threads: 1, processes: 1, queued: 0, running: 0 });
    } finally {
      await pool.close();
    }
  });

  it('kills a PNG stuck in resvg past the time limit in its process, and the next PNG succeeds', async () => {
    const pool = createRenderPool({ threads: 1, timeoutMs: 1000 });
    try {
      await pool.render(sampleJob('png', 100));
      const error = await rejection(pool.render(slowPng));
      expect([error.code, error.message]).toEqual(['RENDER_ERROR', 'render stopped: over its 1 s time limit']);
      const next = await pool.render(sampleJob('png', 100));
      expect([...next.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(pool.stats()).toMatchObject({ threads: 1, processes: 1, queued: 0, running: 0 });
    } finally {
      await pool.close();
    }
  });

  it('never has more live worker processes than its size, even while killed ones are replaced', async () => {
    // A limit the replacement's first render (a few milliseconds, a cold worker's fonts besides) meets even on a
    // loaded machine, far under the natural 5.5 s of the renders it stops.
    const pool = createRenderPool({ threads: 2, timeoutMs: 1500 });
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, workerProcessesOf(process.pid))), 5);
    try {
      // PNGs: their steps run in the processes.
      const failures = await Promise.all(Array.from({ length: 6 }, () => rejection(pool.render(slowPng))));
      expect(failures.map((error) => error.message)).toEqual(
        Array.from({ length: 6 }, () => 'render stopped: over its 1.5 s time limit'),
      );
      const next = await pool.render(sampleJob('png', 100));
      expect([...next.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    } finally {
      clearInterval(sampler);
      await pool.close();
    }
    expect(most).toBe(2);
    expect(workerProcessesOf(process.pid)).toBe(0);
  });

  it('counts the time limit from the start of a render, not from the queue', async () => {
    const limit = 3000;
    // A queue long enough for the slowest machine's rounds below.
    const pool = createRenderPool({ threads: 1, timeoutMs: limit, maxQueuePerTeam: 1000 });
    try {
      // One thread: a queue of renders that takes longer than the limit to drain; each render is a fraction of it.
      // The machine's speed changes under load, so the queue grows until draining it did take longer than the limit.
      let count = 20;
      for (let round = 1; ; round += 1) {
        const start = performance.now();
        // Each a label of its own: the same label again would be its worker's kept PNG, far quicker than drawing one.
        const outputs = await Promise.all(
          Array.from({ length: count }, (_, index) =>
            pool.render({ ...sampleJob('png', 600), data: { ...shipping.data, reference: `R-${round}-${index}` } }),
          ),
        );
        // The renders that waited longest were queued past the limit, and none was stopped: the limit counts from a start.
        expect(Math.max(...outputs.map((output) => output.renderTimeMs))).toBeLessThan(limit);
        if (performance.now() - start > limit) break;
        expect(round, `${count} renders drained within the limit ${round} times`).toBeLessThan(6);
        count *= 2;
      }
    } finally {
      await pool.close();
    }
  });

  it('stops a render in a thread whose V8 heap passes the memory limit (resourceLimits), and the next render succeeds', async () => {
    // A thread's limit is its V8 heap: the fonts are outside it, this layout needs 60-100 MB of it.
    const pool = createRenderPool({ threads: 1, maxMemoryMb: 40 });
    try {
      for (const format of ['pdf', 'html'] as const) {
        const error = await rejection(pool.render({ template: oneMbOfTexts, data: {}, format }));
        expect(error).toBeInstanceOf(RenderError);
        expect([error.code, error.status, error.message]).toEqual([
          'RENDER_ERROR',
          502,
          'render stopped: over its 40 MB memory limit',
        ]);
        const next = await pool.render(sampleJob('zpl'));
        expect(new TextDecoder().decode(next.bytes.subarray(0, 3))).toBe('^XA');
        expect(pool.stats()).toMatchObject({ threads: 1, queued: 0, running: 0 });
      }
    } finally {
      await pool.close();
    }
  });

  it('stops a render in a process whose V8 heap passes the memory limit, and the next render succeeds', async () => {
    // A process holds about 110 MB with its fonts; this layout needs about 90 MB of heap on top (a PNG: a process).
    const pool = createRenderPool({ threads: 1, maxMemoryMb: 180 });
    try {
      const error = await rejection(pool.render({ template: thousandLongTexts, data: {}, format: 'png', dpi: 50 }));
      expect(error).toBeInstanceOf(RenderError);
      expect([error.status, error.message]).toEqual([502, 'render stopped: over its 180 MB memory limit']);
      const next = await pool.render(sampleJob('png', 300));
      expect([...next.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    } finally {
      await pool.close();
    }
  });

  it('stops a render whose native memory (resvg’s pixmap) passes the limit, measured on the process', async () => {
    // 8 x 12 in at 600 dpi: a 138 MB pixmap outside the V8 heap; the worker peaks near 440 MB.
    const big = {
      template: { ...(shipping.template as object), dimensions: { width: '8in', height: '12in' } },
      data: shipping.data,
      format: 'png' as const,
      dpi: 600,
    };
    const pool = createRenderPool({ threads: 1, maxMemoryMb: 250 });
    try {
      const error = await rejection(pool.render(big));
      expect([error.code, error.message]).toEqual(['RENDER_ERROR', 'render stopped: over its 250 MB memory limit']);
      const next = await pool.render(sampleJob('png', 300));
      expect([...next.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    } finally {
      await pool.close();
    }
  });

  it('fails renders instead of hanging when threads cannot even start', async () => {
    // The fonts alone need more heap than this, so every thread dies while loading.
    const pool = createRenderPool({ threads: 1, maxMemoryMb: 8 });
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const error = await rejection(pool.render(sampleJob('zpl')));
        expect(error).toBeInstanceOf(RenderError);
      }
    } finally {
      await pool.close();
    }
  });

  it('fails a job that cannot reach a thread with RENDER_ERROR, and keeps serving', async () => {
    const pool = createRenderPool({ threads: 1 });
    try {
      const error = await rejection(
        pool.render({ template: shipping.template, data: { notJson: () => 1 }, format: 'zpl' }),
      );
      expect(error).toBeInstanceOf(RenderError);
      expect(error.message).toMatch(/^render worker failed: .*could not be cloned/);
      expect((await pool.render(sampleJob('zpl'))).bytes.length).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  it('close({ graceMs }) stops the renders still running after the grace, and fails those still waiting', async () => {
    const pool = createRenderPool({ threads: 1 });
    const stuck = rejection(pool.render({ template: thousandQrCodes, data: {}, format: 'pdf' }));
    const waiting = rejection(pool.render(sampleJob('zpl')));
    await pool.close({ graceMs: 200 });
    const reasons = await Promise.all([stuck, waiting]);
    expect(reasons.map((error) => [error.code, error.message])).toEqual(
      Array.from({ length: 2 }, () => ['RENDER_ERROR', 'render stopped: the server is shutting down']),
    );
    expect(pool.stats()).toMatchObject({ threads: 0, queued: 0, running: 0 });
  });

  it('close() waits for accepted renders, then refuses new ones and stops the threads', async () => {
    const pool = createRenderPool({ threads: 1 });
    const accepted = Array.from({ length: 4 }, () => pool.render(sampleJob('png', 300)));
    const settled: string[] = [];
    accepted.forEach((render, index) => void render.then(() => settled.push(`render ${index}`)));
    await pool.close();
    settled.push('closed');
    expect(settled.at(-1)).toBe('closed');
    expect(settled.slice(0, -1).sort()).toEqual(['render 0', 'render 1', 'render 2', 'render 3']);
    const error = await rejection(pool.render(sampleJob('zpl')));
    expect(error.code).toBe('SERVICE_BUSY');
    expect(pool.stats()).toMatchObject({ threads: 0, queued: 0, running: 0 });
  });
});
