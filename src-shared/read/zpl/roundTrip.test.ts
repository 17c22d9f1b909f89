// Writer → reader round trip: every sample template (together every element type) emitted as ZPL and read back draws what the engine draws, and its barcodes scan.
import { describe, expect, it } from 'vitest';
import { decode } from '../../../test/support/engine/barcodeTestSupport';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { loadSample } from '@main/samples/sampleTemplates';
import { rasterizeSvg } from '../../emit/png/rasterize';
import { labelToSvg } from '../../emit/svg/emitSvg';
import { emitZpl } from '../../emit/zpl/emitZpl';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { layoutLabel } from '../../layout/layoutLabel';
import { parseTemplate } from '../../model/template';
import { PixelBudget } from '../../render/pixelBudget';
import { pointsToDots } from '../../units/length';
import { inkAgreement, type InkRaster } from '../../../test/support/engine/inkAgreement';
import { readZpl } from './readZpl';
import { zplTextFromBytes } from './zplCharsets';

const fonts = bundledFonts();
const NOW = new Date('2026-11-20T10:00:00Z');

function draw(label: LaidOutLabel, widthDots: number, heightDots: number): InkRaster {
  return rasterizeSvg(labelToSvg(label, fonts, { width: String(widthDots), height: String(heightDots) }), widthDots);
}

/** Reads back what the writer sends a 203 dpi printer for `label`, drawn at one pixel a dot, beside the engine's drawing. */
function roundTrip(label: LaidOutLabel): { engine: InkRaster; reader: InkRaster } {
  const widthDots = Math.round(pointsToDots(label.width, 203));
  const heightDots = Math.round(pointsToDots(label.height, 203));
  const zpl = emitZpl(label, fonts, { dpi: 203 });
  const read = readZpl(zplTextFromBytes(new TextEncoder().encode(zpl)), {
    dpmm: 8,
    widthDots,
    heightDots,
    budget: new PixelBudget(50_000_000),
    fonts,
  });
  expect(read.warnings).toEqual([]);
  return { engine: draw(label, widthDots, heightDots), reader: draw(read.labels[0]!.label, widthDots, heightDots) };
}

describe.each(['shipping-4x6', 'asset-tag'])('round trip of %s through ZPL', (name) => {
  // Between them the samples hold every element type: text, barcode, image, line, rect and ellipse.
  const sample = loadSample(name);
  // Laid out for the 203 dpi printer the ZPL is written for: barcode modules are whole dots of it.
  const label = layoutLabel(parseTemplate(sample.template), sample.data as Record<string, unknown>, {
    fonts,
    env: { now: () => NOW },
    targetDpi: 203,
  });

  it('draws ink that agrees with the engine for text, images and shapes', () => {
    const { engine, reader } = roundTrip({
      ...label,
      elements: label.elements.filter((element) => element.type !== 'barcode'),
    });
    const agreement = inkAgreement(engine, reader);
    console.info(
      `${name}: ink agreement ${agreement.agreement.toFixed(3)} (engine in reader ${agreement.aInB.toFixed(3)}, reader in engine ${agreement.bInA.toFixed(3)})`,
    );
    expect(agreement.agreement).toBeGreaterThanOrEqual(0.95);
  });

  it('draws barcodes with the ink of the engine: the layout sized their modules in whole dots of the printer', () => {
    const { engine, reader } = roundTrip({
      ...label,
      elements: label.elements.filter((element) => element.type === 'barcode'),
    });
    const agreement = inkAgreement(engine, reader);
    console.info(
      `${name}: barcode ink agreement ${agreement.agreement.toFixed(3)} (engine in reader ${agreement.aInB.toFixed(3)}, reader in engine ${agreement.bInA.toFixed(3)})`,
    );
    expect(agreement.agreement).toBeGreaterThanOrEqual(0.95);
  });

  it('reads back every barcode so that it decodes to its value', async () => {
    const { reader } = roundTrip(label);
    const values = label.elements.flatMap((element) => (element.type === 'barcode' ? [element.value] : []));
    expect(values.length).toBeGreaterThan(0);
    const decoded = (await decode({ width: reader.width, height: reader.height, rgba: reader.rgba })).map(
      (result) => result.text,
    );
    for (const value of values) expect(decoded, `decoded ${JSON.stringify(decoded)}`).toContain(value);
  });
});
