// A render worker's caches in the engine: the parcel label with its logo per format, cold (every image decoded and the template validated at each render, as before the caches) against warm images, then warm images and templates; and the steps a cached layout could still save.
import { layoutLabel } from '../../src-shared/layout/layoutLabel';
import { LayoutMemo } from '../../src-shared/layout/layoutMemo';
import { parseTemplate } from '../../src-shared/model/template';
import type { RenderOptions } from '../../src-shared/render/renderLabel';
import { renderLabel } from '../../src-shared/render/renderLabel';
import { RenderPixels } from '../../src-shared/render/renderPixels';
import { bundledFonts } from '../fonts/bundledFonts';
import { DecodedImages } from '../render/decodedImages';
import { ParsedTemplates } from '../render/parsedTemplates';
import { loadParcelWithLogo } from '../samples/sampleTemplates';
import { formatMs, measure, printTable } from './measure';

const ITERATIONS = 300;
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
    const render = (caches: Pick<RenderOptions, 'images' | 'templates'>) => () => renderLabel(structuredClone(sample.template), sample.data, { ...options, fonts, ...caches });
    // measure() warms up first: the caches are warm from its first run on, as in a worker after its first render of the label.
    const cold = await measure(ITERATIONS, render({}));
    const images = await measure(ITERATIONS, render({ images: new DecodedImages() }));
    const both = await measure(ITERATIONS, render({ images: new DecodedImages(), templates: new ParsedTemplates() }));
    rows.push([name, formatMs(cold.p50), formatMs(images.p50), formatMs(both.p50), formatMs(cold.cpu), formatMs(images.cpu), formatMs(both.cpu), `${(cold.cpu / both.cpu).toFixed(2)}x`]);

    // What is left before the emitter with both caches warm, and what keeping the layout (a LayoutMemo) would take off it.
    const template = parseTemplate(sample.template);
    const warmImages = new DecodedImages();
    const layout = (memo?: LayoutMemo) => () => layoutLabel(template, sample.data, { fonts, targetDpi, pixels: new RenderPixels(undefined, warmImages), memo });
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
  console.log(`\nRender worker caches: ${sample.name} (480 x 96 RGBA PNG), in process, p50 of ${ITERATIONS} runs after warm-up, milliseconds; cpu: CPU time a label\n`);
  printTable(['format', 'cold p50', 'warm images p50', 'warm images + templates p50', 'cpu cold', 'cpu warm images', 'cpu warm both', 'cpu speed-up'], rows);
  console.log(`\nWhere a warm render's CPU goes before its emitter (ms a label; the template's copy, as a request brings it, taken off)\n`);
  printTable(['format', 'validate template', 'template cache hit', 'layout', 'layout from a LayoutMemo', 'whole render, warm'], steps);
}
