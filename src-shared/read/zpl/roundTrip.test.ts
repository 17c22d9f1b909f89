// Writer → reader round trip: every sample template emitted as ZPL and read back draws what the engine draws.
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '../../../src-main/fonts/bundledFonts';
import { loadSample } from '../../../src-main/samples/sampleTemplates';
import { rasterizeSvg } from '../../emit/png/rasterize';
import { labelToSvg } from '../../emit/svg/emitSvg';
import { emitZpl } from '../../emit/zpl/emitZpl';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { layoutLabel } from '../../layout/layoutLabel';
import { parseTemplate } from '../../model/template';
import { PixelBudget } from '../../render/pixelBudget';
import { pointsToDots } from '../../units/length';
import { inkAgreement, type InkRaster } from './inkAgreement';
import { readZpl } from './readZpl';
import { zplTextFromBytes } from './zplCharsets';

const fonts = bundledFonts();
const NOW = new Date('2026-11-20T10:00:00Z');

function draw(label: LaidOutLabel, widthDots: number, heightDots: number): InkRaster {
  return rasterizeSvg(labelToSvg(label, fonts, { width: String(widthDots), height: String(heightDots) }), widthDots);
}

describe.each(['shipping-4x6', 'asset-tag'])('round trip of %s through ZPL', (name) => {
  it('draws ink that agrees with the engine (barcodes and images left out until their readers land)', () => {
    const sample = loadSample(name);
    const laidOut = layoutLabel(parseTemplate(sample.template), sample.data as Record<string, unknown>, { fonts, env: { now: () => NOW } });
    // Until the barcode and graphic readers land, the reader skips ^B* and ^GF fields; compare the rest.
    const label: LaidOutLabel = { ...laidOut, elements: laidOut.elements.filter((element) => element.type !== 'barcode' && element.type !== 'image') };
    const widthDots = Math.round(pointsToDots(label.width, 203));
    const heightDots = Math.round(pointsToDots(label.height, 203));
    const zpl = emitZpl(label, fonts, { dpi: 203 });
    const read = readZpl(zplTextFromBytes(new TextEncoder().encode(zpl)), { dpmm: 8, widthDots, heightDots, budget: new PixelBudget(50_000_000), fonts });
    expect(read.warnings.filter((warning) => warning.code !== 'ZPL_UNSUPPORTED')).toEqual([]);
    const agreement = inkAgreement(draw(label, widthDots, heightDots), draw(read.labels[0]!.label, widthDots, heightDots));
    console.info(`${name}: ink agreement ${agreement.agreement.toFixed(3)} (engine in reader ${agreement.aInB.toFixed(3)}, reader in engine ${agreement.bInA.toFixed(3)})`);
    expect(agreement.agreement).toBeGreaterThanOrEqual(0.9);
  });
});
