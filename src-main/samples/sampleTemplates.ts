// The sample templates shipped in resources/samples (used by the README, the tests and the benchmark).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
