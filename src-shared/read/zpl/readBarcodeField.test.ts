import bwipjs from 'bwip-js/generic';
import { describe, expect, it } from 'vitest';
import type { ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import { darkBounds } from '../../../test/support/engine/barcodeTestSupport';
import { emitBarcodePdf } from '../../elements/barcode/emitBarcodePdf';
import { isDark, pdfPage, renderPdf, type Raster } from '../../../test/support/engine/rasterTestSupport';
import { emitZpl } from '../../emit/zpl/emitZpl';
import { barcodeField, fonts, printField, scanned } from '../../../test/support/engine/barcodeFieldTestSupport';
import type { ZplDpmm, ZplOrientation } from './zplField';

const RS = '\u001e';
const GS = '\u001d';
const EOT = '\u0004';

/** Every barcode command with data as labels write it, and what a scanner must read. */
const COMMANDS: [command: string, data: string, format: ReadInputBarcodeFormat, expected: string][] = [
  ['^BCN,80,Y,N,N', 'Hello-123', 'Code128', 'Hello-123'],
  ['^BCN,80,Y,N,N', '>:PART>5123456', 'Code128', 'PART123456'],
  // Subset C: the unpaired 7 before the switch to subset B is dropped, as the ZPL II guide says.
  ['^BCN,80,Y,N,N', '>;>80012345678901234567>6X', 'Code128', '001234567890123456X'],
  ['^BCN,80,Y,N,N,A', 'SHIP 0042 >8TO', 'Code128', `SHIP 0042 ${GS}TO`],
  // Mode N subset A: digit pairs are code values (33 "A", 41 "I", 42 "J").
  ['^BCN,80,Y,N,N', '>9334142', 'Code128', 'AIJ'],
  // Mode A: invocation codes other than >8 are data, as Labelary reads them.
  ['^BCN,80,Y,N,N,A', '>;1234>9AB>5', 'Code128', '>;1234>9AB>5'],
  ['^BCN,80,Y,N,N,U', '0012345678901234567', 'Code128', '(00)123456789012345675'],
  ['^BCN,80,Y,N,N,D', '(01)09521234543213(10)ABC', 'Code128', '(01)09521234543213(10)ABC'],
  ['^B3N,N,80,Y,N', 'ABC-123', 'Code39', 'ABC-123'],
  // The mod 43 check character is "$"; ZXing does not know to strip it.
  ['^B3N,Y,80,Y,N', 'CHECK43', 'Code39', 'CHECK43$'],
  ['^BEN,80,Y,N', '590123412345', 'EAN13', '5901234123457'],
  ['^B8N,80,Y,N', '9638507', 'EAN8', '96385074'],
  ['^BUN,80,Y,N', '03600029145', 'UPCA', '0036000291452'],
  // ZXing reports the UPC-E in its expanded (EAN-13) form: number system 0, the ten digits, the check digit.
  ['^B9N,80,Y,N', '1200000045', 'UPCE', '0012000000454'],
  ['^BAN,80,Y,N', 'ABC-123', 'Code93', 'ABC-123'],
  ['^B2N,80,Y,N', '12345678', 'ITF', '12345678'],
  ['^B2N,80,Y,N,Y', '1234567', 'ITF', '12345670'],
  ['^BKN,N,80,Y,N,A,B', '12345', 'Codabar', 'A12345B'],
  ['^BQN,2,4', 'QA,https://example.com/zpl', 'QRCode', 'https://example.com/zpl'],
  ['^BQN,2,3', 'HM,B0011hello world', 'QRCode', 'hello world'],
  ['^BXN,6,200', 'hello DataMatrix', 'DataMatrix', 'hello DataMatrix'],
  ['^BXN,6,200,22,22', 'sized', 'DataMatrix', 'sized'],
  ['^BXN,5,200,,,,_', '_10112345678901231', 'DataMatrix', '(01)12345678901231'],
  ['^B7N,6,3,4', 'hello pdf417', 'PDF417', 'hello pdf417'],
  ['^BON,4,N,0', 'hello aztec', 'Aztec', 'hello aztec'],
  ['^BON,4,N,102', 'compact', 'Aztec', 'compact'],
  [
    '^BD2',
    `002840152382802[)>${RS}01${GS}96123456${GS}UPSN${GS}${RS}${EOT}`,
    'MaxiCode',
    `[)>${RS}01${GS}96152382802${GS}840${GS}002${GS}123456${GS}UPSN${GS}${RS}${EOT}`,
  ],
  ['^BRN,1,3', '2401234567890', 'DataBar', '(01)24012345678905'],
  ['^BRN,5,3', '1501234567890', 'DataBarLimited', '(01)15012345678907'],
  [
    '^BRN,6,3',
    '(01)98898765432106(3202)012345(15)991231',
    'DataBarExpanded',
    '(01)98898765432106(3202)012345(15)991231',
  ],
  ['^BFN,6,5', 'hello micro', 'MicroPDF417', 'hello micro'],
];

describe('ZPL barcode commands: printed at the printer resolution and scanned', () => {
  it.each(COMMANDS)('%s ^FD%j reads as the data', async (command, data, format, expected) => {
    const { raster, elements } = await printField(barcodeField(command, data), 8);
    expect(elements).toHaveLength(1);
    const texts = await scanned(raster, format);
    expect(texts).toEqual([expected]);
  });

  it.each<[string, string, ReadInputBarcodeFormat, string]>([
    ['^BC', 'ROTATE-42', 'Code128', 'ROTATE-42'],
    ['^B3', 'TURN39', 'Code39', 'TURN39'],
    ['^BX', 'turned matrix', 'DataMatrix', 'turned matrix'],
    ['^B7', 'turned pdf', 'PDF417', 'turned pdf'],
  ])('%s reads in every orientation', async (name, data, format, expected) => {
    for (const orientation of ['N', 'R', 'I', 'B'] as ZplOrientation[]) {
      const params =
        name === '^BX'
          ? `${orientation},6,200`
          : name === '^B3'
            ? `${orientation},N,80`
            : name === '^B7'
              ? `${orientation},6,3,4`
              : `${orientation},80`;
      const { raster } = await printField(barcodeField(`${name}${params}`, data), 8);
      expect(await scanned(raster, format), `${name} ${orientation}`).toEqual([expected]);
    }
  });

  it('^FW gives the orientation when the command leaves it out', async () => {
    const { elements } = await printField(barcodeField('^BC,60', 'FW', { defaultOrientation: 'R' }), 8);
    expect(elements[0]?.rotation).toBe(90);
  });

  it.each<[ZplDpmm, number]>([
    [6, 1],
    [12, 3],
  ])('reads at %i dpmm with ^BY%i', async (dpmm, moduleWidth) => {
    const field = barcodeField('^BCN,100,N', 'DPMM-TEST', { by: { moduleWidth, ratio: 3, height: 10 } });
    const { raster } = await printField(field, dpmm, 1400, 400);
    expect(await scanned(raster, 'Code128')).toEqual(['DPMM-TEST']);
  });
});

/** The dark and light runs along row `y`, from the first dark pixel to the last. */
function runs(raster: Raster, y: number): number[] {
  const out: number[] = [];
  let current: boolean | undefined;
  for (let x = 0; x < raster.width; x++) {
    const dark = isDark(raster, x, y);
    if (current === undefined && !dark) continue;
    if (dark === current) out[out.length - 1]! += 1;
    else out.push(1);
    current = dark;
  }
  if (current === false) out.pop();
  return out;
}

/** bwip-js's own bar and space widths, in modules, for the same symbol. */
function bwipWidths(options: Record<string, unknown>): number[] {
  const [symbol] = bwipjs.raw(options as unknown as bwipjs.RawOptions) as unknown as { sbs: number[] }[];
  const widths = symbol?.sbs ?? [];
  return widths.length % 2 === 0 ? widths.slice(0, -1) : widths;
}

describe('ZPL barcode sizes: whole dots as ^BY and the command say', () => {
  it('code 128 bars are ^BY dots per module, edge for edge as bwip-js encodes them', async () => {
    const field = barcodeField('^BCN,60,N', 'EDGES-128', {
      by: { moduleWidth: 3, ratio: 3, height: 10 },
      origin: { x: 31, y: 20, kind: 'FO', justification: 0 },
    });
    const { raster } = await printField(field, 8, 600, 120);
    const row = runs(raster, 50);
    expect(row).toEqual(bwipWidths({ bcid: 'code128', text: 'EDGES-128' }).map((modules) => modules * 3));
    expect(darkBounds(raster)).toEqual({
      left: 31,
      top: 20,
      right: 31 + row.reduce((a, b) => a + b, 0) - 1,
      bottom: 79,
    });
  });

  it('code 39 wide bars take the ^BY ratio in whole dots (2 dots, 2.5: wide 5)', async () => {
    const field = barcodeField('^B3N,N,50,N', 'RATIO', { by: { moduleWidth: 2, ratio: 2.5, height: 10 } });
    const { raster } = await printField(field, 8, 600, 120);
    expect(runs(raster, 60)).toEqual(
      bwipWidths({ bcid: 'code39', text: 'RATIO' }).map((modules) => (modules > 1 ? 5 : 2)),
    );
  });

  it('^FT puts the bottom of the bars on the origin; ^FO the top of the field', async () => {
    const ft = await printField(
      barcodeField('^BCN,50,N', 'FT', { origin: { x: 40, y: 200, kind: 'FT', justification: 0 } }),
      8,
      400,
      300,
    );
    expect(darkBounds(ft.raster)).toMatchObject({ left: 40, top: 150, bottom: 199 });
    const fo = await printField(
      barcodeField('^BCN,50,N', 'FO', { origin: { x: 40, y: 200, kind: 'FO', justification: 0 } }),
      8,
      400,
      300,
    );
    expect(darkBounds(fo.raster)).toMatchObject({ left: 40, top: 200, bottom: 249 });
  });

  it('the interpretation line goes below the bars, or above them with g=Y', async () => {
    const below = await printField(barcodeField('^BCN,50,Y,N', 'LINE'), 8, 400, 200);
    const above = await printField(barcodeField('^BCN,50,Y,Y', 'LINE'), 8, 400, 200);
    expect(darkBounds(below.raster)?.top).toBe(40);
    expect(darkBounds(below.raster)?.bottom).toBeGreaterThan(40 + 50 + 5);
    expect(darkBounds(above.raster)?.top).toBeLessThan(40 + 15);
    // Above: an 18-dot line and a 2-dot gap, then the bars.
    expect(isDark(above.raster, 40, 40 + 20 + 25)).toBe(true);
    expect(isDark(above.raster, 40, 40 + 20 + 50)).toBe(false);
    expect(above.elements[0]?.type === 'barcode' && above.elements[0].humanReadable?.lines[0]?.text).toBe('LINE');
  });

  it('2D modules are the command magnification in dots: ^BQ 10 dots below ^FO, ^BX module size h', async () => {
    const qr = await printField(barcodeField('^BQN,2,5', 'QA,ZPL'), 8, 300, 300);
    const qrBounds = darkBounds(qr.raster);
    expect(qrBounds).toMatchObject({ left: 40, top: 50 });
    // Version 1: 21 modules.
    expect((qrBounds?.right ?? 0) - (qrBounds?.left ?? 0) + 1).toBe(21 * 5);
    const dm = await printField(barcodeField('^BXN,7,200,12,12', 'DM'), 8, 300, 300);
    expect(darkBounds(dm.raster)).toEqual({ left: 40, top: 40, right: 40 + 12 * 7 - 1, bottom: 40 + 12 * 7 - 1 });
  });

  it('^BQ: the ^BY height below ^FO, the quiet zone above ^FT, and the first three characters always its level, mode and comma', async () => {
    const tall = await printField(
      barcodeField('^BQN,2,5', 'QA,ZPL', { by: { moduleWidth: 2, ratio: 3, height: 30 } }),
      8,
      300,
      300,
    );
    expect(darkBounds(tall.raster)).toMatchObject({ left: 40, top: 70 });
    // ^FT200: the symbol's bottom 4 modules (its quiet zone) above y.
    const anchored = await printField(
      barcodeField('^BQN,2,5', 'QA,ZPL', { origin: { x: 40, y: 200, kind: 'FT', justification: 0 } }),
      8,
      300,
      300,
    );
    expect(darkBounds(anchored.raster)).toMatchObject({ left: 40, bottom: 200 - 4 * 5 - 1, top: 200 - 4 * 5 - 21 * 5 });
    // "HELLO" has no "QA," prefix: the printer still takes H (level), E (mode) and L as them, and encodes "LO".
    const unprefixed = await printField(barcodeField('^BQN,2,4', 'HELLO'), 8, 300, 300);
    expect(await scanned(unprefixed.raster, 'QRCode')).toEqual(['LO']);
    expect(unprefixed.warnings.map((warning) => warning.message).join(' ')).toContain('"HEL" was read as them');
  });

  it('^BX without a module size makes the symbol about the ^BY height', async () => {
    const { raster } = await printField(
      barcodeField('^BXN,,200,12,12', 'DM', { by: { moduleWidth: 2, ratio: 3, height: 96 } }),
      8,
      300,
      300,
    );
    const bounds = darkBounds(raster);
    expect((bounds?.bottom ?? 0) - (bounds?.top ?? 0) + 1).toBe(96);
  });
});

/** Each bar's top and bottom row along column `x`, for every bar found along row `y`. */
function postalBars(raster: Raster, y: number): { top: number; bottom: number }[] {
  const bars: { top: number; bottom: number }[] = [];
  for (let x = 0; x < raster.width; x++) {
    if (!isDark(raster, x, y) || (x > 0 && isDark(raster, x - 1, y))) continue;
    let top = y;
    while (top > 0 && isDark(raster, x, top - 1)) top--;
    let bottom = y;
    while (bottom + 1 < raster.height && isDark(raster, x, bottom + 1)) bottom++;
    bars.push({ top, bottom });
  }
  return bars;
}

describe('ZPL postal codes (no decoder reads them): bars compared with bwip-js', () => {
  // The row each bar crosses: POSTNET and PLANET bars stand on the baseline; Intelligent Mail's all cross the middle.
  it.each([
    ['^BZN,40,N,N,0', '12345', 'postnet', '12345', 78],
    ['^BZN,40,N,N,1', '12345678901', 'planet', '12345678901', 78],
    ['^BZN,40,N,N,3', '0123456709498765432101234567891', 'onecode', '0123456709498765432101234567891', 60],
  ])('%s draws the bars bwip-js encodes, at their heights', async (command, data, bcid, text, row) => {
    const { raster } = await printField(barcodeField(command, data), 8, 900, 200);
    const bars = postalBars(raster, row);
    const [symbol] = bwipjs.raw({ bcid, text } as bwipjs.RawOptions) as unknown as { bhs: number[]; bbs: number[] }[];
    expect(bars).toHaveLength(symbol?.bhs.length ?? -1);
    const tallest = Math.max(...(symbol?.bhs ?? []).map((height, index) => height + (symbol?.bbs[index] ?? 0)));
    bars.forEach((bar, index) => {
      const bottomShare = (symbol?.bbs[index] ?? 0) / tallest;
      const heightShare = (symbol?.bhs[index] ?? 0) / tallest;
      expect(Math.abs(bar.bottom + 1 - (80 - bottomShare * 40)), `bar ${index} bottom`).toBeLessThanOrEqual(1);
      expect(Math.abs(bar.bottom + 1 - bar.top - heightShare * 40), `bar ${index} height`).toBeLessThanOrEqual(1);
    });
  });
});

describe('ZPL barcode data a printer cannot encode', () => {
  it('skips the field with a warning naming the command', async () => {
    const { elements, warnings } = await printField(barcodeField('^BEN,80', 'not digits at all'), 8);
    // EAN-13 keeps the digits only: none here, so twelve zeros (as a printer pads them) still encode.
    expect(elements).toHaveLength(1);
    const bad = await printField(barcodeField('^B3N,N,80', 'lowercase é'), 8);
    expect(bad.elements).toEqual([]);
    expect(bad.warnings).toEqual([expect.objectContaining({ code: 'ZPL_BARCODE_DATA', command: '^B3' })]);
    expect(warnings).toEqual([]);
  });
});

describe('vector symbols in the other writers', () => {
  it('a MaxiCode scans from the PDF, and the ZPL writer sends it as a graphic (ZPL has ^BD but the writer draws what it laid out)', async () => {
    const { elements } = await printField(barcodeField('^BD4', 'PDF MAXI'), 8);
    const [maxi] = elements;
    if (maxi?.type !== 'barcode') throw new Error('expected a barcode');
    const pdf = await pdfPage(300, 300, (ctx) => emitBarcodePdf(maxi, ctx));
    expect(await scanned(await renderPdf(pdf, 300), 'MaxiCode')).toEqual(['PDF MAXI']);
    const zpl = emitZpl({ width: 300, height: 300, elements, warnings: [] }, fonts, { dpi: 203 });
    expect(zpl).toMatch(/\^GFA,/);
    expect(zpl).not.toMatch(/\^BD/);
  });
});
