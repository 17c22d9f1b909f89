// One worker process of the render pool: parses the bundled fonts once when it starts, then runs the steps (labels, batch parts, batch assemblies) the pool sends.
import type { Template } from '@shared/model/template';
import { assembleBatch, batchShared, renderBatchPart, type BatchShared } from '@shared/render/renderBatch';
import { prepareTemplate, renderLabel, type RenderOptions } from '@shared/render/renderLabel';
import { renderZpl } from '@shared/render/renderZpl';
import { relayoutZpl } from '@shared/read/zpl/relayoutZpl';
import type { FontRegistry } from '@shared/fonts/fontRegistry';
import { bundledFonts } from '../fonts/bundledFonts';
import { rasterizeSvgImage } from '../images/rasterizeSvgImage';
import { createWriteStream } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { OutputFormat } from '@shared/render/outputFormats';
import { startWorkerCpuProfile } from './workerCpuProfile';
import { DecodedImages } from './decodedImages';
import type { ImageCache } from '@shared/render/imageCache';
import type { TemplateCache } from '@shared/render/templateCache';
import { ParsedTemplates } from './parsedTemplates';
import { KeptRasters } from '@shared/emit/png/keptRasters';
import { residentMemory } from './processMemory';
import {
  DATA_FD,
  detachBytes,
  INLINE_BYTES,
  PROCESS_WORKER_ARG,
  RENDER_THREAD_DATA,
  serializeError,
  transferableResult,
  type PoolMessage,
  type RenderStep,
  type StepOptions,
  type StepResult,
  type TaskOutcome,
  type WorkerMemory,
  type WorkerMessage,
} from './taskProtocol';

/** The template of each batch this process has rendered parts of, with the layouts and images its labels share. */
interface HeldBatch extends BatchShared {
  template: Template;
}

/** What a render of this process finds kept by earlier renders of its team: decoded images and validated templates. */
interface ProcessCaches {
  images: ImageCache;
  templates: TemplateCache;
  /** The team: the scope of the PDF font files kept between documents. */
  team: string;
}

/** What every render of this process shares, kept apart by team within one budget each (see forTeam). */
export interface WorkerCaches {
  images: DecodedImages;
  templates: ParsedTemplates;
  /** The last PNG raster of each template rendered (the team is in its key); a new set when not given. */
  rasters?: KeptRasters;
}

function renderOptions(
  options: StepOptions,
  fonts: FontRegistry,
  { images, templates, team }: ProcessCaches,
): RenderOptions {
  const { now, timeZone, counters } = options;
  return {
    format: options.format,
    dpi: options.dpi,
    zplDpi: options.zplDpi,
    unprintableMargin: options.unprintableMargin,
    sheetStart: options.sheetStart,
    ...(options.zplFonts === undefined ? {} : { zplFonts: options.zplFonts }),
    fonts,
    images,
    templates,
    cacheScope: team,
    env: { now: now === undefined ? () => new Date() : () => new Date(now), timeZone, counters },
  };
}

/**
 * Runs steps with one set of fonts; batches' templates are kept from their first part until the pool says forget.
 * `shared`: the process's caches (tests pass their own to read them).
 */
export function stepRunner(
  fonts: FontRegistry,
  shared: WorkerCaches = { images: new DecodedImages(), templates: new ParsedTemplates() },
) {
  const batches = new Map<number, HeldBatch>();
  const rasters = shared.rasters ?? new KeptRasters();

  async function run(step: RenderStep, team: string): Promise<StepResult> {
    const start = performance.now();
    // Shared by the renders of one team in this process: a logo is decoded and rasterised once, not at every label, and
    // a template validated once, not at every render of it. Never across teams: a hit is fast enough to time.
    const caches: ProcessCaches = {
      images: shared.images.forTeam(team),
      templates: shared.templates.forTeam(team),
      team,
    };
    switch (step.kind) {
      case 'label': {
        const { job } = step;
        let templates = caches.templates;
        if (job.templateKey !== undefined) {
          const kept = shared.templates.named(job.template, team, job.templateKey);
          if (kept === undefined) return { kind: 'needsTemplate' };
          templates = { parse: () => kept };
        }
        // A label of a template is drawn over its last raster (a relayout's or batch's template is new every time).
        const output = await renderLabel(job.template, job.data, {
          ...renderOptions(job, fonts, { ...caches, templates }),
          rasters,
        });
        return { kind: 'label', result: { ...output, labelCount: 1, renderTimeMs: performance.now() - start } };
      }
      case 'relayout': {
        const { zpl, options, sourceDpi, ...size } = step.job;
        const targetDpi = options.dpi ?? sourceDpi;
        const relaid = relayoutZpl(zpl, { ...size, sourceDpi, targetDpi, fonts });
        const output = await renderLabel(relaid.template, relaid.data, renderOptions(options, fonts, caches));
        const warnings = [...relaid.warnings, ...output.warnings];
        return {
          kind: 'label',
          result: { ...output, warnings, labelCount: 1, renderTimeMs: performance.now() - start },
        };
      }
      case 'zpl': {
        const { zpl, ...options } = step.job;
        const output = await renderZpl(zpl, { ...options, fonts, cacheScope: team });
        return { kind: 'zpl', result: { ...output, renderTimeMs: performance.now() - start } };
      }
      case 'svg': {
        const { png, width, height } = rasterizeSvgImage(step.job.svg, step.job.longerSidePx);
        return { kind: 'svg', result: { bytes: png, width, height, renderTimeMs: performance.now() - start } };
      }
      case 'part': {
        const options = renderOptions(step.options, fonts, caches);
        let held = batches.get(step.batch);
        if (held === undefined) {
          if (step.template === undefined) throw new Error(`batch ${step.batch} arrived without its template`);
          held = { template: prepareTemplate(step.template, options), ...batchShared(caches.images) };
          batches.set(step.batch, held);
        }
        const part = await renderBatchPart(held.template, step.part, {
          ...options,
          memo: held.memo,
          pixels: held.pixels,
          zplWritten: held.zplWritten,
        });
        return { kind: 'part', part, renderTimeMs: performance.now() - start };
      }
      case 'assemble': {
        const bytes = await assembleBatch(step.labels, renderOptions(step.options, fonts, caches));
        return { kind: 'assemble', bytes, renderTimeMs: performance.now() - start };
      }
    }
  }

  return {
    /** Failures come back as a value, because a thrown AppError would lose its class, code and details on the way. */
    async handle(message: PoolMessage): Promise<{ id: number; outcome: TaskOutcome } | undefined> {
      if ('forget' in message) {
        batches.delete(message.forget);
        return undefined;
      }
      try {
        return { id: message.id, outcome: { ok: true, result: await run(message.step, message.team) } };
      } catch (error) {
        return { id: message.id, outcome: { ok: false, error: serializeError(error) } };
      }
    },
  };
}

/**
 * A small label with the common element kinds (text in two weights, expressions, linear and 2D codes, shapes): rendered
 * once per format when the worker starts, so no user's first render pays for cold code against its time limit.
 */
const WARM_UP_TEMPLATE = {
  formatVersion: 1,
  meta: { name: 'warm-up' },
  dimensions: { width: '60mm', height: '30mm' },
  elements: [
    {
      id: 'text',
      type: 'text',
      position: { mode: 'absolute', x: '1mm', y: '1mm' },
      width: '30mm',
      height: '6mm',
      contentExpression: "upper('warm') + ' ' + formatNumber(1.5, 2) + ' ' + formatDate(now(), 'YYYY-MM-DD')",
    },
    {
      id: 'bold',
      type: 'text',
      position: { mode: 'absolute', x: '1mm', y: '8mm' },
      width: '30mm',
      height: '6mm',
      content: { text: 'Warm-up' },
      style: { fontWeight: 'bold', overflow: 'shrink' },
    },
    {
      id: 'code128',
      type: 'barcode',
      symbology: 'code128',
      position: { mode: 'absolute', x: '1mm', y: '15mm' },
      width: '30mm',
      height: '12mm',
      content: { text: 'WARM123' },
      showText: true,
    },
    {
      id: 'qr',
      type: 'barcode',
      symbology: 'qrcode',
      position: { mode: 'absolute', x: '40mm', y: '1mm' },
      width: '15mm',
      height: '15mm',
      content: { text: 'warm-up' },
    },
    { id: 'rule', type: 'line', position: { mode: 'absolute', x: '0mm', y: '28mm' }, width: '60mm', height: '0mm' },
    {
      id: 'frame',
      type: 'rect',
      position: { mode: 'absolute', x: '35mm', y: '18mm' },
      width: '24mm',
      height: '8mm',
      style: { cornerRadius: '1mm' },
    },
  ],
};

/**
 * This process's memory now and at its peak, read here rather than by the pool, whose thread serves every request.
 * (getrusage's maxRSS would not do: Linux keeps it across the fork and exec that started this process, so it starts at
 * the pool's own size.) Without /proc, the resident set now stands for both.
 */
function processMemory(): WorkerMemory {
  const rssMb = process.memoryUsage.rss() / 2 ** 20;
  return residentMemory(process.pid) ?? { rssMb, peakMb: rssMb };
}

/** The fonts parsed and the cold code of `formats` run once: no user's first render pays for them against its time limit. */
async function startRunner(formats: readonly OutputFormat[]): Promise<ReturnType<typeof stepRunner>> {
  const fonts = bundledFonts();
  for (const format of formats) await renderLabel(WARM_UP_TEMPLATE, {}, { format, dpi: 50, fonts });
  return stepRunner(fonts);
}

/** A worker process (png, SVG rasters): its outcomes on the IPC channel, large outputs on the data pipe. */
async function serveProcess(): Promise<void> {
  const runner = await startRunner(['png']);
  await startWorkerCpuProfile('process');
  const data = createWriteStream('', { fd: DATA_FD });
  const send = (message: WorkerMessage): void => void process.send?.(message);
  process.on('message', (message: PoolMessage) => {
    void runner.handle(message).then((reply) => {
      if (!reply) return;
      const memory = processMemory();
      if (!reply.outcome.ok) {
        send({ ...reply, memory });
        return;
      }
      const { result, bytes } = detachBytes(reply.outcome.result);
      if (bytes.reduce((sum, chunk) => sum + chunk.byteLength, 0) < INLINE_BYTES) {
        send({ ...reply, memory });
        return;
      }
      // The bytes first: the pool reads them once the message announcing them arrives.
      for (const chunk of bytes) data.write(chunk);
      send({ id: reply.id, outcome: { ok: true, result }, sizes: bytes.map((chunk) => chunk.byteLength), memory });
    });
  });
  // The pool going away (it crashed, or it was killed) closes the channel: this process has nobody left to render for.
  process.on('disconnect', () => process.exit(0));
  send({ ready: true });
}

/** A worker thread (zpl, pdf, html): outcomes posted with their outputs' buffers transferred, not copied. */
async function serveThread(port: MessagePort): Promise<void> {
  const runner = await startRunner(['zpl', 'pdf']);
  await startWorkerCpuProfile('thread');
  port.on('message', (message: PoolMessage) => {
    void runner.handle(message).then((reply) => {
      if (!reply) return;
      if (!reply.outcome.ok) {
        port.postMessage(reply satisfies WorkerMessage);
        return;
      }
      const { result, transfer } = transferableResult(reply.outcome.result);
      port.postMessage({ id: reply.id, outcome: { ok: true, result } } satisfies WorkerMessage, transfer);
    });
  });
  port.postMessage({ ready: true } satisfies WorkerMessage);
}

// Started by the pool as a process (with its argument) or a thread (with its workerData); imported by tests, as neither.
if (process.argv.includes(PROCESS_WORKER_ARG) && process.send !== undefined) await serveProcess();
else if (parentPort !== null && isDeepStrictEqual(workerData, RENDER_THREAD_DATA)) await serveThread(parentPort);
