// The sample templates and ZPL labels shipped in resources/samples (used by the README, the tests and the benchmark).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zplTextFromBytes } from '../../src-shared/read/zpl/zplCharsets';
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

/** resources/samples/`name`.zpl as readZpl takes it: one character a byte, as a printer (or the viewer API) receives it. */
export function loadSampleZpl(name: string): string {
  return zplTextFromBytes(new Uint8Array(readFileSync(join(resourcesDir(), 'samples', `${name}.zpl`))));
}
