// ZPL imported as a template: each field an element, and the template draws the label the ZPL drew (PNG, and ZPL read back).
import { PNG } from 'pngjs';
import { toPoints } from '../../units/length';
import { describe, expect, it } from 'vitest';
import type { ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { decode } from '../../../test/support/engine/barcodeTestSupport';
import type { ElementOf } from '../../elements/elementSchema';
import { rasterizeSvg } from '../../emit/png/rasterize';
import { labelToSvg } from '../../emit/svg/emitSvg';
import { emitZpl } from '../../emit/zpl/emitZpl';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { layoutLabel } from '../../layout/layoutLabel';
import type { Template } from '../../model/template';
import { PixelBudget } from '../../render/pixelBudget';
import { renderLabel } from '../../render/renderLabel';
import {
  EXPRESS_PARCEL,
  FORMAT_ONLY,
  FREIGHT,
  POSTAL,
  RACK,
  STORED_FORMAT,
} from '../../../test/support/engine/zplImportFixtures';
import { importZpl } from './importZpl';
import { inkAgreement, type InkRaster } from '../../../test/support/engine/inkAgreement';
import { readZpl } from './readZpl';
import { zplTextFromBytes } from './zplCharsets';

const fonts = bundledFonts();
const NOW = new Date('2026-11-20T10:00:00Z');
/** 4 x 6 in at 8 dpmm as the viewer sizes it (203 dots an inch): the size every fixture is read and drawn at. */
const WIDTH_DOTS = 812;
const HEIGHT_DOTS = 1218;
const FORMATS: ReadInputBarcodeFormat[] = ['Code128', 'PDF417', 'QRCode', 'MaxiCode', 'DataMatrix', 'EAN13'];

function readLabel(zpl: string): LaidOutLabel {
  const read = readZpl(zplTextFromBytes(new TextEncoder().encode(zpl)), {
    dpmm: 8,
    widthDots: WIDTH_DOTS,
    heightDots: HEIGHT_DOTS,
    budget: new PixelBudget(50_000_000),
    fonts,
  });
  return read.labels.at(-1)!.label;
}

function draw(label: LaidOutLabel): InkRaster {
  return rasterizeSvg(labelToSvg(label, fonts, { width: String(WIDTH_DOTS), height: String(HEIGHT_DOTS) }), WIDTH_DOTS);
}

/** What ZXing reads in the raster, sorted. */
async function scanned(raster: InkRaster): Promise<string[]> {
  const results = await decode(raster, FORMATS);
  return results
    .filter((result) => result.isValid)
    .map((result) => `${result.format}:${result.text}`)
    .sort();
}

/** A template length in millimetres as printer dots at 203 dots an inch. */
function dots(length: string): number {
  return (Number.parseFloat(length) / 25.4) * 203;
}

function lift(zpl: string): { template: Template; codes: string[] } {
  const imported = importZpl(zplTextFromBytes(new TextEncoder().encode(zpl)), {
    dpmm: 8,
    widthDots: WIDTH_DOTS,
    heightDots: HEIGHT_DOTS,
    index: 0,
    fonts,
  });
  return { template: imported.template, codes: imported.warnings.map((warning) => warning.code) };
}

/** The template laid out with its first sample record for the fixtures' 203 dpi printer, as the editor shows it. */
function laidOut(
  template: Template,
  data: Record<string, unknown> = template.meta.sampleData?.[0] ?? {},
): LaidOutLabel {
  return layoutLabel(template, data, { fonts, env: { now: () => NOW }, targetDpi: 203 });
}

function elementsOf<T extends ElementOf<'text'>['type'] | ElementOf<'barcode'>['type']>(template: Template, type: T) {
  return template.elements.filter((element) => element.type === type) as ElementOf<T>[];
}

const CARRIER_LABELS = {
  'express parcel': EXPRESS_PARCEL,
  freight: FREIGHT,
  postal: POSTAL,
  'stored format': STORED_FORMAT,
  rack: RACK,
};

describe.each(Object.entries(CARRIER_LABELS))('the %s label imported as a template', (name, zpl) => {
  const original = draw(readLabel(zpl));
  const { template } = lift(zpl);

  it('prints as ZPL at 203 dpi that reads back to the same label, every barcode scanning the same', async () => {
    const written = emitZpl(laidOut(template), fonts, { dpi: 203 });
    const again = draw(readLabel(written));
    const agreement = inkAgreement(original, again);
    console.info(`${name}: ZPL → template → ZPL ink agreement ${agreement.agreement.toFixed(3)}`);
    expect(agreement.agreement).toBeGreaterThanOrEqual(0.9);
    const codes = await scanned(original);
    expect(codes.length).toBeGreaterThan(0);
    expect(await scanned(again)).toEqual(codes);
  });

  it('renders to PNG through renderLabel as the ZPL drew it', async () => {
    // The template is sized on the printer's own dots (203 an inch), so at 203 dpi each ZPL dot is one pixel.
    const { bytes } = await renderLabel(template, template.meta.sampleData?.[0] ?? {}, {
      format: 'png',
      dpi: 203,
      fonts,
      env: { now: () => NOW },
    });
    const png = PNG.sync.read(Buffer.from(bytes));
    expect([png.width, png.height]).toEqual([WIDTH_DOTS, HEIGHT_DOTS]);
    const agreement = inkAgreement(original, { width: png.width, height: png.height, rgba: new Uint8Array(png.data) });
    console.info(`${name}: ZPL → template → PNG ink agreement ${agreement.agreement.toFixed(3)}`);
    expect(agreement.agreement).toBeGreaterThanOrEqual(0.9);
  });
});

describe('what each field becomes', () => {
  it('font 0 stays the printer font ("Printer 0", its ^A0 height and width); bitmap fonts the bold mono', () => {
    const [title] = elementsOf(lift(EXPRESS_PARCEL).template, 'text');
    // ^A0N,70,56 at 8 dpmm: 70 dots tall (24.8 pt), 56/70 as wide.
    expect(title!.style).toMatchObject({ fontFamily: 'Printer 0', horizontalScale: 0.8 });
    expect(toPoints(title!.style!.fontSize!)).toBeCloseTo((70 * 72) / 203.2, 1);
    const [priority] = elementsOf(lift(POSTAL).template, 'text');
    expect(priority!.style).toMatchObject({ fontFamily: 'mono', fontWeight: 'bold' });
    expect(priority!.content).toEqual({ text: 'PRIORITY MAIL' });
  });

  it('reversed fields stay reversed, ^FB blocks wrap at their width with their alignment and \\& breaks', () => {
    const texts = elementsOf(lift(EXPRESS_PARCEL).template, 'text');
    expect(texts[0]!.reverse).toBe(true);
    const from = texts.find((text) => text.content?.text?.startsWith('Northwind'))!;
    expect(from.content!.text).toBe('Northwind Parts®\n44 Quarry Lane\nLeeds LS1 4AB\nUNITED KINGDOM');
    expect(dots(from.width)).toBeCloseTo(420, 2);
    expect(texts.find((text) => text.content?.text?.startsWith('WT'))!.style!.textAlign).toBe('right');
    const route = texts.find((text) => text.content?.text === 'ROUTE 7B')!;
    expect(route.rotation).toBe(90);
  });

  it('keeps barcodes with their symbology, value and module width; MaxiCode becomes an image with a warning', () => {
    const parcel = lift(EXPRESS_PARCEL);
    const [tracking] = elementsOf(parcel.template, 'barcode');
    expect(tracking).toMatchObject({ symbology: 'code128', content: { text: '1Z6X610X0312345678' }, showText: false });
    expect(parcel.codes).toContain('ZPL_IMPORT_AS_IMAGE');
    const maxi = parcel.template.elements.find((element) => element.type === 'image' && element.id === 'image-12');
    expect(maxi).toBeDefined();
    const [routing] = elementsOf(lift(POSTAL).template, 'barcode').filter((code) => code.symbology === 'gs1-128');
    expect(routing!.content).toEqual({ text: '(420)627041120(92)9405511899223197428490' });
    // ^BY2: two dots a module, so the box is a whole number of 2-dot modules at the printer's 203 dots an inch.
    expect(dots(routing!.width) / 2).toBeCloseTo(Math.round(dots(routing!.width) / 2), 2);
    const rack = lift(RACK);
    expect(rack.codes).toEqual([]);
    expect(elementsOf(rack.template, 'barcode').map((code) => [code.symbology, code.rotation, code.showText])).toEqual([
      ['datamatrix', 0, undefined],
      ['ean13', 270, true],
    ]);
    const [pdf417, turned] = elementsOf(lift(FREIGHT).template, 'barcode');
    expect(pdf417!.symbology).toBe('pdf417');
    expect(turned).toMatchObject({ symbology: 'code128', rotation: 90, showText: true });
  });

  it('turns boxes into rects (rounded), rules into lines, circles and ellipses into ellipses, ^GD into a line, ^GF into an image', () => {
    const parcel = lift(EXPRESS_PARCEL).template.elements;
    expect(parcel.filter((element) => element.type === 'line')).toHaveLength(3);
    const rounded = parcel.find((element) => element.type === 'rect' && element.style?.cornerRadius !== '0mm');
    // ^GB200,60,3,B,4: a radius of 4/8 of half the shorter side, 15 dots.
    expect(rounded?.type === 'rect' && dots(rounded.style!.cornerRadius!)).toBeCloseTo(15, 2);
    const freight = lift(FREIGHT).template.elements;
    const sides = (element: Template['elements'][number]) =>
      [dots(element.width), dots(element.height)].map(Math.round);
    expect(freight.filter((element) => element.type === 'ellipse').map(sides)).toEqual([
      [100, 100],
      [300, 120],
    ]);
    expect(freight.filter((element) => element.type === 'line' && element.height !== '0mm').map(sides)).toEqual([
      [320, -120],
    ]);
    const logo = freight.find((element) => element.type === 'image');
    expect(logo && sides(logo)).toEqual([32, 32]);
    expect(logo).toMatchObject({ fit: 'fill' });
    expect(logo?.type === 'image' && logo.src?.startsWith('data:image/png;base64,')).toBe(true);
  });
});

describe('^FN fields and ^DF formats', () => {
  const { template } = lift(STORED_FORMAT);

  it('bind ^FN fields to data.fieldN, with the recalling label’s data (or the default) as the sample record', () => {
    const bound = template.elements.filter(
      (element) => 'content' in element && element.content?.expression !== undefined,
    );
    expect(bound.map((element) => ('content' in element ? element.content?.expression : undefined))).toEqual([
      'data.field1',
      'data.field2',
      'data.field3',
      'data.field4',
      'data.field5',
    ]);
    expect(template.meta.sampleData).toEqual([
      {
        field1: 'WIDGET 40',
        field2: 'Stainless widgets, forty to the crate, keep dry',
        field3: '401234567890',
        field4: 'WID-40-0001',
        field5: 'Packed in Leeds',
      },
    ]);
  });

  it('renders other data in the bound fields: text, Code 128 and QR code', async () => {
    const data = {
      field1: 'GADGET 7',
      field2: 'Brass gadgets',
      field3: '5012345678900',
      field4: 'GAD-7-0002',
      field5: 'Packed in York',
    };
    const label = laidOut(template, data);
    const texts = label.elements.flatMap((element) =>
      element.type === 'text' ? element.lines.map((line) => line.text) : [],
    );
    expect(texts).toEqual(expect.arrayContaining(['GADGET 7', 'Brass gadgets', 'Packed in York']));
    const again = draw(readLabel(emitZpl(label, fonts, { dpi: 203 })));
    expect(await scanned(again)).toEqual(['Code128:5012345678900', 'QRCode:GAD-7-0002']);
  });

  it('imports a format no label recalls, placeholder data for a field without a default', () => {
    const only = lift(FORMAT_ONLY);
    expect(only.codes).toContain('ZPL_IMPORT_FORMAT');
    expect(only.template.meta.sampleData).toEqual([{ field1: 'BIN A-01', field2: 'field2' }]);
    expect(only.template.elements.map((element) => element.type)).toEqual(['text', 'text', 'barcode']);
  });
});

describe('input that is not a label', () => {
  it('answers a bad request for no label or a label index past the last', () => {
    expect(() => lift('just text, no ZPL')).toThrow(/holds no label/);
    expect(() =>
      importZpl('^XA^FO10,10^A0N,30^FDone^FS^XZ', {
        dpmm: 8,
        widthDots: WIDTH_DOTS,
        heightDots: HEIGHT_DOTS,
        index: 1,
        fonts,
      }),
    ).toThrow(/index 1 is out of range/);
  });
});
