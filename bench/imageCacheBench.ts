// A render worker's caches in the engine: the parcel label with its logo per format, cold (every image decoded and the template validated at each render, as before the caches) against warm images, then warm images and templates; and the steps a cached layout could still save.
import { layoutLabel } from '@shared/layout/layoutLabel';
import { LayoutMemo } from '@shared/layout/layoutMemo';
import { parseTemplate } from '@shared/model/template';
import type { RenderOptions } from '@shared/render/renderLabel';
import { renderLabel } from '@shared/render/renderLabel';
import { RenderPixels } from '@shared/render/renderPixels';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { DecodedImages } from '@main/render/decodedImages';
import { ParsedTemplates } from '@main/render/parsedTemplates';
import { loadParcelWithLogo } from '@main/samples/sampleTemplates';
import { randomBytes } from 'node:crypto';
import { craftPng, pngDataUri } from '../test/support/engine/imageTestSupport';
import { stepRunner } from '@main/render/renderWorker';
import type { RenderStep } from '@main/render/taskProtocol';
import { formatMs, measure, printTable } from './measure';

const ITERATIONS = 300;
/** Distinct logos for the first-render rows: each trial's content is new to the worker. */
const TEAM_TRIALS = 30;
const CASES: [string, Omit<RenderOptions, 'fonts'>, number][] = [
  ['zpl 203 dpi', { format: 'zpl' }, 203],
  ['pdf', { format: 'pdf' }, 300],
  ['png 203 dpi', { format: 'png', dpi: 203 }, 203],
  ['html', { format: 'html' }, 300],
];

export async function imageCacheBench(): Promise<void> {
  const fonts = bundledFonts();
  const sample = loadParcelWithLogo();
  const rows: string[][] = [];
  const steps: string[][] = [];
  for (const [name, options, targetDpi] of CASES) {
    // Each request brings its own copy of the template, as the worker receives it.
    const render = (caches: Pick<RenderOptions, 'images' | 'templates'>) => () =>
      renderLabel(structuredClone(sample.template), sample.data, { ...options, fonts, ...caches });
    // measure() warms up first: the caches are warm from its first run on, as in a worker after its first render of the label.
    const cold = await measure(ITERATIONS, render({}));
    const images = await measure(ITERATIONS, render({ images: new DecodedImages() }));
    const both = await measure(ITERATIONS, render({ images: new DecodedImages(), templates: new ParsedTemplates() }));
    rows.push([
      name,
      formatMs(cold.p50),
      formatMs(images.p50),
      formatMs(both.p50),
      formatMs(cold.cpu),
      formatMs(images.cpu),
      formatMs(both.cpu),
      `${(cold.cpu / both.cpu).toFixed(2)}x`,
    ]);

    // What is left before the emitter with both caches warm, and what keeping the layout (a LayoutMemo) would take off it.
    const template = parseTemplate(sample.template);
    const warmImages = new DecodedImages();
    const layout = (memo?: LayoutMemo) => () =>
      layoutLabel(template, sample.data, { fonts, targetDpi, pixels: new RenderPixels(undefined, warmImages), memo });
    const validate = await measure(ITERATIONS, () => parseTemplate(structuredClone(sample.template)));
    const templates = new ParsedTemplates();
    const recall = await measure(ITERATIONS, () => templates.parse(structuredClone(sample.template)));
    const copy = await measure(ITERATIONS, () => structuredClone(sample.template));
    const laidOut = await measure(ITERATIONS, layout());
    const memo = new LayoutMemo();
    const remembered = await measure(ITERATIONS, layout(memo));
    const cpu = (timing: { cpu: number }) => formatMs(Math.max(0, timing.cpu - copy.cpu));
    steps.push([name, cpu(validate), cpu(recall), formatMs(laidOut.cpu), formatMs(remembered.cpu), formatMs(both.cpu)]);
  }
  console.log(
    `\nRender worker caches: ${sample.name} (480 x 96 RGBA PNG), in process, p50 of ${ITERATIONS} runs after warm-up, milliseconds; cpu: CPU time a label\n`,
  );
  printTable(
    [
      'format',
      'cold p50',
      'warm images p50',
      'warm images + templates p50',
      'cpu cold',
      'cpu warm images',
      'cpu warm both',
      'cpu speed-up',
    ],
    rows,
  );
  console.log(
    `\nWhere a warm render's CPU goes before its emitter (ms a label; the template's copy, as a request brings it, taken off)\n`,
  );
  printTable(
    ['format', 'validate template', 'template cache hit', 'layout', 'layout from a LayoutMemo', 'whole render, warm'],
    steps,
  );
}

/**
 * The timing oracle the caches would be if shared by teams: one worker's step runner renders a label with a logo new to
 * it for team A, again for team A, then for team B. Kept apart by team, B's first render is as slow as A's (ratio
 * about 1); shared, it would be as quick as A's second (the ratio of the second row).
 */
export async function teamCacheBench(): Promise<void> {
  const fonts = bundledFonts();
  const sample = loadParcelWithLogo();
  const runner = stepRunner(fonts);
  const rows: string[][] = [];
  let id = 0;
  const timed = async (team: string, step: RenderStep): Promise<number> => {
    const start = performance.now();
    const reply = await runner.handle({ id: ++id, team, step });
    if (!reply?.outcome.ok) throw new Error(JSON.stringify(reply?.outcome));
    return performance.now() - start;
  };
  for (const [name, options] of CASES) {
    const times = { firstA: [] as number[], secondA: [] as number[], firstB: [] as number[] };
    for (let trial = 0; trial < TEAM_TRIALS; trial++) {
      // 200 x 200 RGB noise: a logo that costs its decode, and one no earlier trial has shown the worker.
      const src = pngDataUri(
        craftPng({ width: 200, height: 200, colourType: 2, data: randomBytes(200 * (1 + 200 * 3)) }),
      );
      const template = sample.template as { elements: { id: string }[] };
      const step: RenderStep = {
        kind: 'label',
        job: {
          ...options,
          template: {
            ...template,
            elements: template.elements.map((element) => (element.id === 'logo' ? { ...element, src } : element)),
          },
          data: sample.data,
        },
      };
      times.firstA.push(await timed('team-a', step));
      times.secondA.push(await timed('team-a', step));
      times.firstB.push(await timed('team-b', step));
    }
    const median = (values: number[]): number =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const [firstA, secondA, firstB] = [median(times.firstA), median(times.secondA), median(times.firstB)];
    rows.push([
      name,
      formatMs(firstA),
      formatMs(secondA),
      formatMs(firstB),
      `${(firstB / firstA).toFixed(2)}`,
      `${(secondA / firstA).toFixed(2)}`,
    ]);
  }
  console.log(
    `\nFirst renders across teams: one worker's step runner, ${sample.name} with a new 200 x 200 noise logo each trial, p50 of ${TEAM_TRIALS} trials, milliseconds\n`,
  );
  printTable(
    ['format', 'team A first', 'team A second', 'team B first', 'B first / A first', 'A second / A first'],
    rows,
  );
}
