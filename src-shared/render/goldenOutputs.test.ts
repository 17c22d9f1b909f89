// Golden outputs of the sample labels: zpl and html as text, png by pixels with a small tolerance.
// Update after an intended change with `npx vitest run src-shared/render/goldenOutputs.test.ts -u` (png: delete the file).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { loadSample } from '@main/samples/sampleTemplates';
import type { RenderOptions } from './renderLabel';
import { renderLabel } from './renderLabel';

const GOLDEN_DIR = join(import.meta.dirname, '__golden__');
const fonts = bundledFonts();
const NOW = new Date('2026-11-20T10:00:00Z');
/** Grey levels two pixels may differ by before they count as different, and the share of pixels that may. */
const PNG_LEVEL_TOLERANCE = 32;
const PNG_SHARE_TOLERANCE = 0.002;

async function render(name: string, options: Omit<RenderOptions, 'fonts' | 'env'>): Promise<Uint8Array> {
  const sample = loadSample(name);
  return (await renderLabel(sample.template, sample.data, { ...options, fonts, env: { now: () => NOW } })).bytes;
}

/** The embedded fonts are hundreds of kilobytes of base64: the snapshot keeps a digest of each instead. */
function withFontDigests(html: string): string {
  return html.replace(
    /base64,([A-Za-z0-9+/=]{1000,})/g,
    (_match, data: string) => `sha256:${createHash('sha256').update(data).digest('hex')}`,
  );
}

function grey(png: PNG, index: number): number {
  const { data } = png;
  return 0.299 * (data[index] ?? 0) + 0.587 * (data[index + 1] ?? 0) + 0.114 * (data[index + 2] ?? 0);
}

describe.each(['shipping-4x6', 'asset-tag'])('golden outputs: %s', (name) => {
  it('zpl at 203 dpi matches its golden text', async () => {
    const zpl = new TextDecoder().decode(await render(name, { format: 'zpl', zplDpi: 203 }));
    await expect(zpl).toMatchFileSnapshot(join(GOLDEN_DIR, `${name}.203dpi.zpl`));
  });

  it('html matches its golden text (fonts by digest)', async () => {
    const html = new TextDecoder().decode(await render(name, { format: 'html' }));
    await expect(withFontDigests(html)).toMatchFileSnapshot(join(GOLDEN_DIR, `${name}.html`));
  });

  it('png at 300 dpi matches its golden image within the tolerance', async () => {
    const bytes = await render(name, { format: 'png', dpi: 300 });
    const file = join(GOLDEN_DIR, `${name}.300dpi.png`);
    if (!existsSync(file)) {
      // A missing golden is written once, locally; on CI it is an error like any missing snapshot.
      if (process.env.CI) throw new Error(`golden image ${file} is missing`);
      writeFileSync(file, bytes);
    }
    const golden = PNG.sync.read(readFileSync(file));
    const actual = PNG.sync.read(Buffer.from(bytes));
    expect([actual.width, actual.height]).toEqual([golden.width, golden.height]);
    let differing = 0;
    for (let index = 0; index < actual.data.length; index += 4) {
      if (Math.abs(grey(actual, index) - grey(golden, index)) > PNG_LEVEL_TOLERANCE) differing++;
    }
    expect(differing / (actual.width * actual.height)).toBeLessThanOrEqual(PNG_SHARE_TOLERANCE);
  });
});
