// Loads the fonts shipped in resources/fonts into a FontRegistry (once per process).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FontFamily, FontStyle, FontWeight } from '@shared/fonts/fontFaces';
import { FontRegistry, type FontFaceSource } from '@shared/fonts/fontRegistry';

/** Every bundled face and its file in resources/fonts (the editor's font route serves exactly these). */
export const BUNDLED_FILES: { family: FontFamily; weight: FontWeight; style: FontStyle; file: string }[] = [];
for (const [family, name] of [
  ['sans', 'Sans'],
  ['serif', 'Serif'],
  ['mono', 'Mono'],
] as const) {
  BUNDLED_FILES.push(
    { family, weight: 'normal', style: 'normal', file: `Liberation${name}-Regular.ttf` },
    { family, weight: 'bold', style: 'normal', file: `Liberation${name}-Bold.ttf` },
    { family, weight: 'normal', style: 'italic', file: `Liberation${name}-Italic.ttf` },
    { family, weight: 'bold', style: 'italic', file: `Liberation${name}-BoldItalic.ttf` },
  );
}

/** The resources folder, found by walking up from this module: it differs between sources and the bundle. */
export function resourcesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'resources');
    if (existsSync(join(candidate, 'fonts'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('resources/fonts not found next to the application');
    dir = parent;
  }
}

export function readBundledFontSources(): FontFaceSource[] {
  const fontsDir = join(resourcesDir(), 'fonts');
  return BUNDLED_FILES.map(({ family, weight, style, file }) => ({
    family,
    weight,
    style,
    fileName: file,
    data: new Uint8Array(readFileSync(join(fontsDir, file))),
  }));
}

let shared: FontRegistry | undefined;

/** The process-wide registry: fonts are parsed once, not per render. */
export function bundledFonts(): FontRegistry {
  shared ??= new FontRegistry(readBundledFontSources());
  return shared;
}
