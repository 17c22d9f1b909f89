import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { renderPdf } from '../../../test/support/engine/rasterTestSupport';
import { inkBounds as inkBoundsOf } from '../../../test/support/engine/emitTestSupport';
import { emitHtml } from '../../emit/html/emitHtml';
import { emitPdf } from '../../emit/pdf/emitPdf';
import { emitPng } from '../../emit/png/emitPng';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import { PixelBudget } from '../../render/pixelBudget';
import { rotateLabel } from '../../render/rotateLabel';
import { readZpl } from './readZpl';
import { pointsPerDot, type ZplDpmm } from './zplField';

const fonts = bundledFonts();
const ppd = pointsPerDot(8);

function read(zpl: string, dpmm: ZplDpmm = 8) {
  return readZpl(zpl, { dpmm, widthDots: 812, heightDots: 1218, budget: new PixelBudget(50_000_000), fonts });
}

/** The PNG at the printer's own resolution (8 dpmm = 203.2 dpi): one pixel per dot. */
async function dots(zpl: string): Promise<PNG> {
  const [first] = read(zpl).labels;
  return PNG.sync.read(Buffer.from(await emitPng(first!.label, fonts, { dpi: 203.2 })));
}

function isInk(image: PNG, x: number, y: number): boolean {
  const i = (y * image.width + x) * 4;
  return image.data[i]! + image.data[i + 1]! + image.data[i + 2]! < 3 * 128;
}

function inkBounds(image: PNG): { left: number; top: number; right: number; bottom: number } | undefined {
  let bounds: { left: number; top: number; right: number; bottom: number } | undefined;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!isInk(image, x, y)) continue;
      bounds = bounds
        ? {
            left: Math.min(bounds.left, x),
            top: Math.min(bounds.top, y),
            right: Math.max(bounds.right, x + 1),
            bottom: Math.max(bounds.bottom, y + 1),
          }
        : { left: x, top: y, right: x + 1, bottom: y + 1 };
    }
  }
  return bounds;
}

describe('readZpl', () => {
  it('reads one label per ^XA…^XZ with its size from the options', () => {
    const result = read('^XA^FO10,10^GB100,50,3^FS^XZ\n^XA^FO20,20^GB10,10,1^FS^PQ3^XZ');
    expect(result.labels).toHaveLength(2);
    expect(result.labels[0]!.label.width).toBeCloseTo(812 * ppd, 9);
    expect(result.labels[0]!.label.height).toBeCloseTo(1218 * ppd, 9);
    expect(result.labels[1]!.quantity).toBe(3);
    expect(result.warnings).toEqual([]);
  });

  it('takes a format without a field for printer settings, not a label: no index, no page, not counted', () => {
    const result = read('^XA^MCY^XZ\n^XA^MMT^PW812^LH0,0~SD15^JUS^XZ\n^XA^FO10,10^GB100,50,3^FS^XZ\n^XA^PQ3^XZ');
    expect(result.labels).toHaveLength(1);
    expect(result.labels[0]!.label.elements).toHaveLength(1);
  });

  it('reads a second ^XA inside an open format as part of it, as carrier files write it (^XA^LL…^CI28^XA…)', () => {
    const result = read('^XA^LL1218^CI28\n^XA^FO10,10^GB100,50,3^FS^FO10,100^GB50,50,50^FS^XZ');
    expect(result.labels).toHaveLength(1);
    expect(result.labels[0]!.label.elements).toHaveLength(2);
    expect(result.warnings).toEqual([]);
  });

  it('draws a font the printer does not have in the ^CF default font at the size asked for, with a warning naming both', async () => {
    const substituted = read('^XA^CFB^FO50,50^AZN,22,14^FDPARCEL 12^FS^XZ');
    const asked = read('^XA^CFB^FO50,50^ABN,22,14^FDPARCEL 12^FS^XZ');
    expect(substituted.labels[0]!.label.elements.map(({ id: _id, ...element }) => element)).toEqual(
      asked.labels[0]!.label.elements.map(({ id: _id, ...element }) => element),
    );
    expect(substituted.warnings).toEqual([
      expect.objectContaining({
        code: 'ZPL_FONT_SUBSTITUTED',
        message: 'font Z is not built in: drawn in the default font B (^CF)',
      }),
    ]);
    // Sizes left out take ^CF's, as a field without ^A does: not a tiny font 0.
    const unsized = await dots('^XA^CF0,60^FO50,50^AZ^FDPARCEL^FS^XZ');
    const plain = await dots('^XA^CF0,60^FO50,50^FDPARCEL^FS^XZ');
    expect(inkBounds(unsized)).toEqual(inkBounds(plain));
    expect(inkBounds(plain)!.bottom - inkBounds(plain)!.top).toBeGreaterThan(30);
  });

  it("starts a ^FT without coordinates where the last text field ended, on its baseline (the guide's default)", () => {
    const texts = (zpl: string) => read(zpl).labels[0]!.label.elements.map((element) => element as LaidOutOf<'text'>);
    const [first, second] = texts('^XA^FT100,200^A0N,40,40^FDWEIGHT^FS^FT^A0N,40,40^FD12 KG^FS^XZ');
    const firstLine = first!.lines[0]!;
    const secondLine = second!.lines[0]!;
    expect(secondLine.x).toBeCloseTo(firstLine.x + firstLine.width, 6);
    expect(secondLine.baseline).toBeCloseTo(firstLine.baseline, 6);
    // A coordinate given is used; only the one left out continues.
    const [, below] = texts('^XA^FT100,200^A0N,40,40^FDWEIGHT^FS^FT,300^A0N,40,40^FD12 KG^FS^XZ');
    expect(below!.lines[0]!.x).toBeCloseTo(firstLine.x + firstLine.width, 6);
    expect(below!.lines[0]!.baseline / ppd).toBeCloseTo(300, 6);
    // With no text before it, ^FT without coordinates is at the label home.
    const [alone] = texts('^XA^FT^A0N,40,40^FDWEIGHT^FS^XZ');
    expect(alone!.lines[0]!.x).toBeCloseTo(0, 6);
  });

  it('centres a ^PW narrower than the media on it and prints nothing outside it, in PNG and PDF', async () => {
    // 812-dot media, ^PW679: the band starts floor((812 - 679) / 2) = 66 dots in and ends at 745.
    const zpl = '^XA^PW679^FO0,0^GB679,40,40^FS^FO600,100^GB200,40,40^FS^XZ';
    const image = await dots(zpl);
    expect([isInk(image, 65, 20), isInk(image, 66, 20), isInk(image, 744, 20), isInk(image, 745, 20)]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    // The second box reaches past ^PW: clipped at the band's edge.
    expect([isInk(image, 666, 120), isInk(image, 744, 120), isInk(image, 746, 120), isInk(image, 800, 120)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const [label] = read(zpl).labels;
    const page = await renderPdf(Buffer.from(await emitPdf(label!.label, fonts)), 203.2);
    const pdfInk = (x: number, y: number) => page.rgba[(y * page.width + x) * 4]! < 128;
    expect([pdfInk(64, 20), pdfInk(68, 20), pdfInk(742, 20), pdfInk(747, 20), pdfInk(760, 120)]).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    // The viewer's X-Rotation turns the band with the label: a quarter turn makes it a band down the page.
    const turned = rotateLabel(label!.label, 90).clip!;
    expect(
      [turned.x, turned.y / ppd, turned.width / ppd, turned.height / ppd].map((value) => Math.round(value)),
    ).toEqual([0, 66, 1218, 679]);
    // A settings format before the label sets ^PW for it, as the printer keeps it.
    const carried = await dots('^XA^PW679^XZ^XA^FO0,0^GB40,40,40^FS^XZ');
    expect([isInk(carried, 65, 20), isInk(carried, 66, 20)]).toEqual([false, true]);
  });

  it('lays out ^GB as a box outline inside its field, in points', () => {
    const [label] = read('^XA^FO100,200^GB400,300,10^FS^XZ').labels;
    const box = label!.label.elements[0] as LaidOutOf<'rect'>;
    expect(box.type).toBe('rect');
    expect(box.box.x / ppd).toBeCloseTo(100, 6);
    expect(box.box.y / ppd).toBeCloseTo(200, 6);
    expect(box.box.width / ppd).toBeCloseTo(400, 6);
    expect(box.strokeWidth / ppd).toBeCloseTo(10, 6);
    expect(box.fill).toBeUndefined();
  });

  it('draws ^GB boxes on the dots they name', async () => {
    const image = await dots('^XA^FO100,200^GB400,300,10^FS^XZ');
    expect(inkBounds(image)).toEqual({ left: 100, top: 200, right: 500, bottom: 500 });
    expect(isInk(image, 105, 300)).toBe(true);
    expect(isInk(image, 115, 300)).toBe(false);
  });

  it('puts ^FO text below and ^FT text on its origin, font 0 capitals 0.75 of the height (flat letters: no overshoot)', async () => {
    const fo = inkBounds(await dots('^XA^FO100,100^A0N,80,80^FDHELLO^FS^XZ'))!;
    expect(fo.left).toBeGreaterThanOrEqual(100);
    expect(fo.left).toBeLessThan(110);
    expect(fo.bottom - fo.top).toBeGreaterThanOrEqual(58);
    expect(fo.bottom - fo.top).toBeLessThanOrEqual(62);
    const ft = inkBounds(await dots('^XA^FT100,300^A0N,80,80^FDHELL^FS^XZ'))!;
    expect(ft.bottom).toBe(300);
    expect(ft.top).toBe(240);
  });

  it('draws ^A0 width independently of its height', async () => {
    const narrow = inkBounds(await dots('^XA^FO50,50^A0N,60,30^FDWIDTH^FS^XZ'))!;
    const wide = inkBounds(await dots('^XA^FO50,50^A0N,60,90^FDWIDTH^FS^XZ'))!;
    expect(wide.bottom - wide.top).toBe(narrow.bottom - narrow.top);
    expect((wide.right - wide.left) / (narrow.right - narrow.left)).toBeCloseTo(3, 0);
  });

  it('draws ^A0 width in the PDF and HTML too (Tz, scaleX)', async () => {
    const widthInPdf = async (zpl: string) => {
      const raster = await renderPdf(Buffer.from(await emitPdf(read(zpl).labels[0]!.label, fonts)), 203.2);
      return inkBoundsOf(raster, { x: 0, y: 0, width: 812 * ppd, height: 300 * ppd }, 203.2)!.width;
    };
    const ratio =
      (await widthInPdf('^XA^FO50,50^A0N,60,90^FDWIDTH^FS^XZ')) /
      (await widthInPdf('^XA^FO50,50^A0N,60,30^FDWIDTH^FS^XZ'));
    expect(ratio).toBeCloseTo(3, 0);
    expect(await emitHtml(read('^XA^FO50,50^A0N,60,90^FDWIDTH^FS^XZ').labels[0]!.label, fonts)).toMatch(
      /translate\([^)]*\) scaleX\(/,
    );
  });

  it('skips unknown commands with a warning naming them and their position, never failing', () => {
    const zpl = '^XA^FO10,10^QQ1,2^A0N,30^FDok^FS^XZ';
    const result = read(zpl);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'ZPL_UNKNOWN_COMMAND', command: '^QQ', position: zpl.indexOf('^QQ') }),
    ]);
    expect(result.labels[0]!.label.elements).toHaveLength(1);
  });

  it('follows changed command and delimiter characters (^CC, ^CD)', () => {
    const result = read('^XA^CC+\n+FO10,10+A0N,30+FDplus+FS+CD;+FO20;40+GB50;60;2+FS+XZ');
    const elements = result.labels[0]!.label.elements;
    expect(elements.map((element) => element.type)).toEqual(['text', 'rect']);
    expect((elements[0] as LaidOutOf<'text'>).lines[0]!.text).toBe('plus');
    expect(elements[1]!.box.y / ppd).toBeCloseTo(40, 6);
    expect(elements[1]!.box.height / ppd).toBeCloseTo(60, 6);
  });
});
