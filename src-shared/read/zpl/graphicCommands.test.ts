// Reads labels with graphics (^GF, ~DG, ~DY, ^XG, ^IM, ^IL, ^ID) and checks the dots drawn through emitPng, and the hostile cases.
import { readFileSync } from 'node:fs';
import { encode } from 'fast-png';
import { strFromU8, zlibSync } from 'fflate';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { emitPng } from '../../emit/png/emitPng';
import { emitZpl } from '../../emit/zpl/emitZpl';
import { monochromeToGfa, packRows } from '../../emit/zpl/zplGraphic';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { PixelBudget, PixelBudgetError } from '../../render/pixelBudget';
import { readZpl } from './readZpl';
import { zb64Crc } from './zb64';

const fonts = bundledFonts();
const WIDTH_DOTS = 240;
const HEIGHT_DOTS = 160;

function read(zpl: string, budget = new PixelBudget(10_000_000)) {
  return readZpl(zpl, { dpmm: 8, widthDots: WIDTH_DOTS, heightDots: HEIGHT_DOTS, budget, fonts });
}

/** The label as a PNG at the printer's resolution (8 dpmm = 203.2 dpi): one pixel per dot, ink as 1. */
async function inkOf(label: LaidOutLabel): Promise<Uint8Array> {
  const image = PNG.sync.read(Buffer.from(await emitPng(label, fonts, { dpi: 203.2 })));
  expect([image.width, image.height]).toEqual([WIDTH_DOTS, HEIGHT_DOTS]);
  return Uint8Array.from({ length: image.width * image.height }, (_, i) =>
    image.data[i * 4]! + image.data[i * 4 + 1]! + image.data[i * 4 + 2]! < 3 * 128 ? 1 : 0,
  );
}

/** A 37 x 23 logo-like shape: a frame, a disc and a diagonal (width no whole number of bytes). */
const LOGO = { width: 37, height: 23, dots: new Uint8Array(37 * 23) };
for (let y = 0; y < LOGO.height; y++) {
  for (let x = 0; x < LOGO.width; x++) {
    const frame = x === 0 || y === 0 || x === LOGO.width - 1 || y === LOGO.height - 1;
    LOGO.dots[y * LOGO.width + x] = frame || Math.hypot(x - 12, y - 11) < 7 || x - 14 === y ? 1 : 0;
  }
}
const LOGO_GFA = monochromeToGfa(LOGO.dots, LOGO.width, LOGO.height); // "^GFA,115,115,5,…^FS"
/** The ^GFA's data alone (it holds commas itself). */
const LOGO_DATA = LOGO_GFA.slice(0, -'^FS'.length).split(',').slice(4).join(',');

/** The ink expected: the logo's dots at (left, top), each `mx` x `my`, over `base` (or blank paper). */
function expected(
  left: number,
  top: number,
  mx = 1,
  my = 1,
  base = new Uint8Array(WIDTH_DOTS * HEIGHT_DOTS),
): Uint8Array {
  const ink = base.slice();
  for (let y = 0; y < LOGO.height * my; y++) {
    for (let x = 0; x < LOGO.width * mx; x++) {
      if (LOGO.dots[Math.floor(y / my) * LOGO.width + Math.floor(x / mx)]) ink[(top + y) * WIDTH_DOTS + left + x] = 1;
    }
  }
  return ink;
}

/** Where two ink maps differ, as "x,y" (the first few). */
function differences(actual: Uint8Array, wanted: Uint8Array): string[] {
  const out: string[] = [];
  for (let i = 0; i < wanted.length && out.length < 10; i++)
    if (actual[i] !== wanted[i]) out.push(`${i % WIDTH_DOTS},${Math.floor(i / WIDTH_DOTS)}`);
  return out;
}

function zb64(kind: 'B64' | 'Z64', bytes: Uint8Array, crc?: string): string {
  const payload = btoa(strFromU8(kind === 'Z64' ? zlibSync(bytes) : bytes, true));
  return `:${kind}:${payload}:${crc ?? zb64Crc(payload).toString(16).toUpperCase().padStart(4, '0')}`;
}

const LOGO_PACKED = packRows(LOGO.dots, LOGO.width, LOGO.height);

describe('graphic commands', () => {
  it('draws a ^GF logo at its ^FO, every dot where it belongs', async () => {
    const result = read(`^XA^FO30,40${LOGO_GFA}^XZ`);
    expect(result.warnings).toEqual([]);
    expect(differences(await inkOf(result.labels[0]!.label), expected(30, 40))).toEqual([]);
  });

  it('reads a graphic back the same after the ZPL writer wrote it', async () => {
    const first = read(`^XA^FO30,40${LOGO_GFA}^XZ`).labels[0]!.label;
    const again = read(emitZpl(first, fonts, { dpi: 203 }));
    expect(again.warnings).toEqual([]);
    expect(differences(await inkOf(again.labels[0]!.label), expected(30, 40))).toEqual([]);
  });

  it('lets the white dots of a graphic show the box beneath, and a ^FR graphic inverts what is beneath its dots', async () => {
    // box: x 0..59; a plain logo inside it at (10, 20); a reversed logo across its right edge at (40, 100)
    const result = read(`^XA^FO0,0^GB60,160,60^FS^FO10,20${LOGO_GFA}^FO40,100^FR${LOGO_GFA}^XZ`);
    const [, normal, reversed] = result.labels[0]!.label.elements;
    expect(normal).not.toHaveProperty('reverse');
    expect(reversed).toMatchObject({ type: 'image', reverse: true });
    const wanted = new Uint8Array(WIDTH_DOTS * HEIGHT_DOTS).map((_, i) => (i % WIDTH_DOTS < 60 ? 1 : 0));
    for (let y = 0; y < LOGO.height; y++) {
      for (let x = 0; x < LOGO.width; x++) {
        const at = (100 + y) * WIDTH_DOTS + 40 + x;
        if (LOGO.dots[y * LOGO.width + x]) wanted[at] = 1 - wanted[at]!;
      }
    }
    expect(differences(await inkOf(result.labels[0]!.label), wanted)).toEqual([]);
  });

  it('stores a ~DG graphic and recalls it with ^XG at 2x magnification, in a later label too', async () => {
    const hex = Array.from(LOGO_PACKED, (byte) => byte.toString(16).padStart(2, '0')).join('');
    const result = read(
      `~DGR:LOGO.GRF,${LOGO_PACKED.length},5,${hex}\n^XA^FO10,20^XGR:LOGO.GRF,2,2^FS^XZ^XA^FO0,0^XGLOGO.GRF,1,3^FS^XZ`,
    );
    expect(result.warnings).toEqual([]);
    expect(differences(await inkOf(result.labels[0]!.label), expected(10, 20, 2, 2))).toEqual([]);
    expect(differences(await inkOf(result.labels[1]!.label), expected(0, 0, 1, 3))).toEqual([]);
  });

  it('moves a ~DG graphic (Z64 data) into a field with ^IM, and ^IL loads one at the label origin beneath later fields', async () => {
    const result = read(
      `~DGE:MARK.GRF,${LOGO_PACKED.length},5,${zb64('Z64', LOGO_PACKED)}^XA^FO50,60^IME:MARK.GRF^FS^XZ^XA^ILE:MARK.GRF^FO5,5^GB4,4,4^FS^XZ`,
    );
    expect(result.warnings).toEqual([]);
    expect(differences(await inkOf(result.labels[0]!.label), expected(50, 60))).toEqual([]);
    const second = result.labels[1]!.label.elements;
    expect(second.map((element) => element.type)).toEqual(['image', 'rect']);
    const square = expected(0, 0);
    for (let y = 5; y < 9; y++) for (let x = 5; x < 9; x++) square[y * WIDTH_DOTS + x] = 1;
    expect(differences(await inkOf(result.labels[1]!.label), square)).toEqual([]);
  });

  it('stores a ~DY PNG as a 1-bit graphic for ^XG', async () => {
    const rgba = new Uint8Array(LOGO.width * LOGO.height * 4);
    LOGO.dots.forEach((dot, i) => rgba.set(dot ? [0, 0, 0, 255] : [255, 255, 255, 255], i * 4));
    const png = encode({ width: LOGO.width, height: LOGO.height, data: rgba });
    const result = read(`~DYR:PIC,P,P,${png.length},,${zb64('B64', png)}^XA^FO12,14^XGR:PIC.PNG,1,1^FS^XZ`);
    expect(result.warnings).toEqual([]);
    expect(differences(await inkOf(result.labels[0]!.label), expected(12, 14))).toEqual([]);
  });

  it('stores a ~DY PNG sent as binary (format B): its signature alone holds a CR and two LFs', async () => {
    const rgba = new Uint8Array(LOGO.width * LOGO.height * 4);
    LOGO.dots.forEach((dot, i) => rgba.set(dot ? [0, 0, 0, 255] : [255, 255, 255, 255], i * 4));
    const png = encode({ width: LOGO.width, height: LOGO.height, data: rgba });
    const result = read(`~DYR:RAW,B,P,${png.length},,${String.fromCharCode(...png)}^XA^FO12,14^XGR:RAW.PNG,1,1^FS^XZ`);
    expect(result.warnings).toEqual([]);
    expect(differences(await inkOf(result.labels[0]!.label), expected(12, 14))).toEqual([]);
  });

  it('deletes stored graphics with ^ID wildcards: a recall after it draws nothing and says what is missing', () => {
    const result = read(
      `~DGR:A1.GRF,115,5,${LOGO_DATA}~DGR:A2.GRF,115,5,${LOGO_DATA}^XA^IDR:A*.GRF^FS^FO0,0^XGR:A2.GRF^FS^XZ`,
    );
    expect(result.labels[0]!.label.elements).toEqual([]);
    expect(result.warnings.map((warning) => [warning.code, warning.command])).toEqual([
      ['ZPL_OBJECT_NOT_FOUND', '^XG'],
    ]);
  });

  it('does not draw a Z64 graphic whose CRC is wrong (a printer aborts that download) and says so at its position', () => {
    const zpl = `^XA^FO10,10^GFA,115,115,5,${zb64('Z64', LOGO_PACKED, 'BEEF')}^FS^XZ`;
    const result = read(zpl);
    expect(result.labels[0]!.label.elements).toEqual([]);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'ZPL_GRAPHIC_CRC', command: '^GF', position: zpl.indexOf('^GF') }),
    ]);
  });

  it('refuses a ^GF declaring 100 MB with PixelBudgetError (400) before allocating anything', () => {
    const budget = new PixelBudget(50_000_000);
    expect(() => read('^XA^FO0,0^GFA,100000000,100000000,100,FF^FS^XZ', budget)).toThrow(PixelBudgetError);
    expect(budget.used).toBe(0);
  });

  it('inflates a Z64 bomb only to the declared size and warns', async () => {
    // 8 MB of black compress to about 8 KB, declared as a 104 x 100 dot graphic (1300 bytes)
    const bomb = zb64('Z64', new Uint8Array(8 * 1024 * 1024).fill(0xff));
    expect(bomb.length).toBeLessThan(20_000);
    const budget = new PixelBudget(10_000_000);
    const result = read(`^XA^FO0,0^GFA,1300,1300,13,${bomb}^FS^XZ`, budget);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['ZPL_GRAPHIC_SIZE']);
    // the graphic's dots, the inflated bytes and the drawn image: nothing near the 8 MB the data would give
    expect(budget.used).toBe(104 * 100 + 1300 + 104 * 100);
    const ink = await inkOf(result.labels[0]!.label);
    expect(ink[99 * WIDTH_DOTS + 103]).toBe(1);
    expect(ink[100 * WIDTH_DOTS]).toBe(0);
  });

  it('charges and warns the same when a graphic is read again (decoded once, kept across reads)', () => {
    const zpl = `^XA^FO0,0^GFA,1300,1300,13,${zb64('Z64', new Uint8Array(5000).fill(0xff))}^FS^FO50,50${LOGO_GFA}^XZ`;
    const budgets = [new PixelBudget(1_000_000), new PixelBudget(1_000_000)];
    const [first, second] = budgets.map((budget) => read(zpl, budget));
    expect(second!.warnings).toEqual(first!.warnings);
    expect(first!.warnings.map((warning) => warning.code)).toEqual(['ZPL_GRAPHIC_SIZE']);
    expect(budgets[1]!.used).toBe(budgets[0]!.used);
    expect(second!.labels[0]!.label.elements).toEqual(first!.labels[0]!.label.elements);
    // a budget too small for the second graphic still stops a read that finds both cached
    expect(() => read(zpl, new PixelBudget(budgets[0]!.used - 1))).toThrow(PixelBudgetError);
  });

  /** Every byte value once, 16 to a row: the data hold ^, ~, CR, LF, the ^CD comma and 0x80-0xFF, and start and end in bytes trim() would drop. */
  const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => (i + 0x0b) & 0xff);
  const ALL_BYTES_TEXT = String.fromCharCode(...ALL_BYTES);

  /** The ink of ALL_BYTES as a 128 x 16 dot graphic at (left, top). */
  function allBytesInk(left: number, top: number): Uint8Array {
    const ink = new Uint8Array(WIDTH_DOTS * HEIGHT_DOTS);
    ALL_BYTES.forEach((byte, i) => {
      for (let bit = 0; bit < 8; bit++)
        if ((byte >> (7 - bit)) & 1) ink[(top + Math.floor(i / 16)) * WIDTH_DOTS + left + (i % 16) * 8 + bit] = 1;
    });
    return ink;
  }

  it('draws a binary ^GFB from exactly its byte count, whatever bytes it holds, and reads on after it', async () => {
    const zpl = `^XA^FO20,30^GFB,256,256,16,${ALL_BYTES_TEXT}^FS^FO200,100^GB10,10,10^FS^XZ`;
    const result = read(zpl);
    expect(result.warnings).toEqual([]);
    expect(result.labels).toHaveLength(1);
    const wanted = allBytesInk(20, 30);
    for (let y = 100; y < 110; y++) for (let x = 200; x < 210; x++) wanted[y * WIDTH_DOTS + x] = 1;
    expect(differences(await inkOf(result.labels[0]!.label), wanted)).toEqual([]);
  });

  it('stores a binary ~DY graphic (format B) and recalls it with ^XG', async () => {
    const result = read(`~DYR:BYTES,B,G,256,16,${ALL_BYTES_TEXT}^XA^FO8,9^XGR:BYTES.GRF,1,1^FS^XZ`);
    expect(result.warnings).toEqual([]);
    expect(differences(await inkOf(result.labels[0]!.label), allBytesInk(8, 9))).toEqual([]);
  });

  it('skips a compressed binary ^GFC by its byte count with a warning naming the format, and draws the rest', async () => {
    // Bytes that would read as commands if the count were not honoured.
    const compressed = '\x01^XZ^XA~JR\n\xfe';
    const zpl = `^XA^FO0,0^GFC,${compressed.length},64,8,${compressed}^FS^FO5,5^GB4,4,4^FS^XZ`;
    const result = read(zpl);
    expect(result.labels).toHaveLength(1);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'ZPL_GRAPHIC_FORMAT', command: '^GF', position: zpl.indexOf('^GF') }),
    ]);
    expect(result.warnings[0]!.message).toMatch(/format C/);
    expect(result.labels[0]!.label.elements.map((element) => element.type)).toEqual(['rect']);
  });

  it('takes no more than the input holds when a binary count is huge, and charges the declared graphic first', () => {
    const result = read(`^XA^FO0,0^GFB,99999999,64,8,\xff\xff^FS^XZ`);
    // The count swallows the rest, ^FS and ^XZ too, as a printer waiting for bytes would: the label ends with the input.
    expect(result.warnings.map((warning) => warning.code)).toEqual([
      'ZPL_GRAPHIC_SIZE',
      'ZPL_GRAPHIC_SIZE',
      'ZPL_MISSING_XZ',
      'ZPL_MISSING_FS',
    ]);
    expect(result.warnings[0]!.message).toContain('declares 99999999 bytes of binary data and 8 follow');
    const budget = new PixelBudget(50_000_000);
    expect(() => read('^XA^FO0,0^GFB,99999999,99999999,100,\xff^FS^XZ', budget)).toThrow(PixelBudgetError);
    expect(budget.used).toBe(0);
  });

  it('keeps a ~DY font that parses and warns about a malformed one', () => {
    const ttf = new Uint8Array(
      readFileSync(new URL('../../../resources/fonts/LiberationSans-Regular.ttf', import.meta.url)),
    );
    const good = read(`~DYE:LABEL,B,T,${ttf.length},,${zb64('Z64', ttf)}^XA^XZ`);
    expect(good.warnings).toEqual([]);
    const junk = new TextEncoder().encode('not a font, just some text pretending to be one');
    const bad = read(`~DYE:BROKEN,B,T,${junk.length},,${zb64('B64', junk)}^XA^XZ`);
    expect(bad.warnings).toEqual([
      expect.objectContaining({ code: 'ZPL_MALFORMED_FONT', command: '~DY', position: 0 }),
    ]);
    expect(bad.warnings[0]!.message).toContain('malformed font');
  });

  it('refuses a download larger than the object store before decoding it', () => {
    const result = read(`~DYE:HUGE,A,T,999999999,,00`);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['ZPL_STORE_FULL']);
  });
});
