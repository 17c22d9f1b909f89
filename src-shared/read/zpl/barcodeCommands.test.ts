import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { laidOutBarcode, zxingFormat } from '../../../test/support/engine/barcodeTestSupport';
import type { Symbology } from '../../elements/barcode/barcodeSchema';
import type { Raster } from '../../../test/support/engine/rasterTestSupport';
import { emitPng } from '../../emit/png/emitPng';
import { emitZpl } from '../../emit/zpl/emitZpl';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { PixelBudget } from '../../render/pixelBudget';
import { fonts, scanned } from '../../../test/support/engine/barcodeFieldTestSupport';
import { readZpl } from './readZpl';

const DPI = 203.2;

function read(zpl: string) {
  return readZpl(zpl, { dpmm: 8, widthDots: 812, heightDots: 600, budget: new PixelBudget(50_000_000), fonts });
}

async function raster(label: LaidOutLabel): Promise<Raster> {
  const png = PNG.sync.read(Buffer.from(await emitPng(label, fonts, { dpi: DPI })));
  return { width: png.width, height: png.height, rgba: new Uint8Array(png.data) };
}

describe('readZpl with barcode commands', () => {
  it('draws a carrier-style label: ^BY defaults, code 128, a rotated code 39 and a QR code, each scanning to its data', async () => {
    const zpl = [
      '^XA',
      '^BY3,2.5,120',
      '^FO40,40^BCN,,Y,N,N^FD>:1Z999AA10123456784^FS',
      '^FO600,40^B3R,N,80,N^FDROT39^FS',
      '^FO40,300^BQN,2,5^FDMA,TRACK 42^FS',
      '^XZ',
    ].join('\n');
    const { labels, warnings } = read(zpl);
    expect(warnings).toEqual([]);
    const label = labels[0]!.label;
    expect(
      label.elements.map((element) => element.type === 'barcode' && [element.symbology, element.rotation]),
    ).toEqual([
      ['code128', 0],
      ['code39', 90],
      ['qrcode', 0],
    ]);
    const image = await raster(label);
    expect(await scanned(image, 'Code128')).toEqual(['1Z999AA10123456784']);
    expect(await scanned(image, 'Code39')).toEqual(['ROT39']);
    expect(await scanned(image, 'QRCode')).toEqual(['TRACK 42']);
  });

  it('warns with the ^B command and its position when the data cannot be encoded', () => {
    const zpl = '^XA^FO10,10^BEN,50^FD12^FS^FO10,100^B3N,N,50^FDnot code 39 é^FS^XZ';
    const { labels, warnings } = read(zpl);
    expect(labels[0]?.label.elements).toHaveLength(1);
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'ZPL_BARCODE_DATA', command: '^B3', position: zpl.indexOf('^B3') }),
    ]);
  });
});

/** A value each of the first element symbologies accepts (the carriers' and health care's: elements/barcode/symbologies.test.ts). */
const VALUES: Partial<Record<Symbology, string>> = {
  code128: 'RoundTrip-128',
  'gs1-128': '(01)09521234543213(10)LOT7',
  ean13: '5901234123457',
  ean8: '96385074',
  upca: '036000291452',
  upce: '01234565',
  code39: 'TRIP-39',
  code93: 'TRIP-93',
  interleaved2of5: '12345678',
  itf14: '15400141288763',
  qrcode: 'https://example.com/round-trip',
  datamatrix: 'round trip matrix',
  gs1datamatrix: '(01)09521234543213(10)ABC',
  pdf417: 'round trip pdf417',
  azteccode: 'round trip aztec',
};

describe('ZPL writer output read back', () => {
  it.each(Object.keys(VALUES) as Symbology[])(
    '%s: the barcode the writer emits reads back and scans as the designed one',
    async (symbology) => {
      // Square symbols small enough for the printer's commands (Aztec and QR magnify up to 10 dots), not its ^GF fallback.
      const square = ['qrcode', 'datamatrix', 'gs1datamatrix', 'azteccode'].includes(symbology);
      const box = square ? { x: 30, y: 30, width: 50, height: 50 } : { x: 30, y: 30, width: 220, height: 70 };
      const element = laidOutBarcode(fonts, { symbology, showText: false }, VALUES[symbology] ?? '', box);
      const designed: LaidOutLabel = { width: 288, height: 216, elements: [element], warnings: [] };
      const format = zxingFormat(symbology) ?? 'Code128';
      const expected = await scanned(await raster(designed), format);
      expect(expected).toHaveLength(1);
      const { labels, warnings } = read(emitZpl(designed, fonts, { dpi: 203 }));
      expect(warnings).toEqual([]);
      const readBack = labels[0]!.label;
      expect(readBack.elements.filter((laidOut) => laidOut.type === 'barcode')).toHaveLength(1);
      expect(await scanned(await raster(readBack), format)).toEqual(expected);
    },
  );
});
