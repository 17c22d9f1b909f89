// The sample templates and ZPL labels shipped in resources/samples (used by the README, the tests and the benchmark).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';
import { resourcesDir } from '../fonts/bundledFonts';

export interface Sample {
  name: string;
  template: unknown;
  data: Record<string, unknown>;
}

export function loadSample(name: string): Sample {
  const dir = join(resourcesDir(), 'samples');
  const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
  return { name, template: read(`${name}.template.json`), data: read(`${name}.data.json`) as Record<string, unknown> };
}

/**
 * The parcel label as the benchmarks and the profile post it: shipping-4x6 with resources/samples/parcel-logo.png (a
 * 480 x 96 RGBA PNG) embedded beside its "Ship to" title, so every render decodes and draws an image as a carrier's
 * label with a company logo does. Kept out of shipping-4x6 itself, whose outputs the README and the goldens show.
 */
export function loadParcelWithLogo(): Sample {
  const sample = loadSample('shipping-4x6');
  const logo = readFileSync(join(resourcesDir(), 'samples', 'parcel-logo.png')).toString('base64');
  const template = sample.template as { elements: unknown[] };
  const element = {
    id: 'logo',
    type: 'image',
    position: { mode: 'absolute', x: '62mm', y: '30.5mm' },
    width: '36mm',
    height: '7mm',
    src: `data:image/png;base64,${logo}`,
  };
  return {
    name: 'shipping-4x6 with logo',
    template: { ...template, elements: [...template.elements, element] },
    data: sample.data,
  };
}

/** resources/samples/`name`.zpl as readZpl takes it: one character a byte, as a printer (or the viewer API) receives it. */
export function loadSampleZpl(name: string): string {
  return zplTextFromBytes(new Uint8Array(readFileSync(join(resourcesDir(), 'samples', `${name}.zpl`))));
}
