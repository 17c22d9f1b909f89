// The image cache's gain in the engine: the parcel label with its logo per format, every image decoded at each render (as before the cache) against a render worker's warm cache.
import type { RenderOptions } from '../../src-shared/render/renderLabel';
import { renderLabel } from '../../src-shared/render/renderLabel';
import { bundledFonts } from '../fonts/bundledFonts';
import { DecodedImages } from '../render/decodedImages';
import { loadParcelWithLogo } from '../samples/sampleTemplates';
import { formatMs, measure, printTable } from './measure';

const ITERATIONS = 300;
const CASES: [string, Omit<RenderOptions, 'fonts'>][] = [
  ['zpl 203 dpi', { format: 'zpl' }],
  ['pdf', { format: 'pdf' }],
  ['png 203 dpi', { format: 'png', dpi: 203 }],
  ['html', { format: 'html' }],
];

export async function imageCacheBench(): Promise<void> {
  const fonts = bundledFonts();
  const sample = loadParcelWithLogo();
  const rows: string[][] = [];
  for (const [name, options] of CASES) {
    const render = (images?: DecodedImages) => () => renderLabel(sample.template, sample.data, { ...options, fonts, images });
    // measure() warms up first: the cache is warm from its first run on, as in a worker after its first render of the logo.
    const cold = await measure(ITERATIONS, render());
    const warm = await measure(ITERATIONS, render(new DecodedImages()));
    rows.push([name, formatMs(cold.p50), formatMs(warm.p50), formatMs(cold.cpu), formatMs(warm.cpu), `${(cold.p50 / warm.p50).toFixed(2)}x`]);
  }
  console.log(`\nImage cache: ${sample.name} (480 x 96 RGBA PNG), in process, p50 of ${ITERATIONS} runs after warm-up, milliseconds; cpu: CPU time a label\n`);
  printTable(['format', 'decoded every render p50', 'warm cache p50', 'cpu before', 'cpu warm', 'speed-up'], rows);
}
