import { describe, expect, it } from 'vitest';
import type { Pixels } from '../history/overlayDiff';
import {
  darknessSpread,
  differencesByElement,
  dpmmOf,
  labelShift,
  onPaper,
  printerDifferences,
  printerViewRequest,
  withDarkness,
} from './printerTruth';

/** A picture from rows of '#' (ink) and '.' (paper). */
function picture(rows: string[]): Pixels {
  const width = rows[0]?.length ?? 0;
  const data = new Uint8ClampedArray(width * rows.length * 4);
  rows.forEach((row, y) =>
    [...row].forEach((cell, x) => data.set(cell === '#' ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * width + x) * 4)),
  );
  return { width, height: rows.length, data };
}

describe('printerViewRequest', () => {
  it('draws on the label’s size with no printer media, at the printer’s density', () => {
    expect(
      printerViewRequest(
        '^XA^XZ',
        {
          printerId: null,
          dpi: 203,
          media: null,
          darkness: null,
          unprintableMargin: null,
          topOffset: null,
          leftOffset: null,
        },
        { width: '4in', height: '72pt' },
      ),
    ).toEqual({ zpl: '^XA^XZ', dpmm: 8, width: 4, height: 1 });
  });

  it('draws on the printer’s media when it has one', () => {
    const target = {
      printerId: 'p',
      dpi: 300 as const,
      media: { width: '101.6mm', height: '6in' },
      darkness: null,
      unprintableMargin: null,
      topOffset: null,
      leftOffset: null,
    };
    expect(printerViewRequest('z', target, { width: '2in', height: '1in' })).toMatchObject({
      dpmm: 12,
      width: 4,
      height: 6,
    });
  });

  it('reads the printer’s label offsets ahead of the label, as its print jobs send them', () => {
    const target = {
      printerId: 'p',
      dpi: 203 as const,
      media: null,
      darkness: 25,
      unprintableMargin: null,
      topOffset: '1mm',
      leftOffset: '-2mm',
    };
    expect(printerViewRequest('^XA^FO0,0^GB10,10,10^FS^XZ', target, { width: '2in', height: '1in' })).toEqual({
      zpl: '^XA^LT8^LS16^XZ\n^XA^FO0,0^GB10,10,10^FS^XZ',
      dpmm: 8,
      width: 2,
      height: 1,
    });
  });

  it('tells the shift of the whole label in the printer’s dots, none for offsets that move it less than half a dot', () => {
    expect(labelShift({ dpi: 203, topOffset: '1mm', leftOffset: '-0.5mm' })).toEqual({
      x: -4,
      y: 8,
      text: "Shift: the whole label prints 8 dots down and 4 dots left (the printer's label offsets: 1mm down, 0.5mm left). The differences are counted with the print moved back by it.",
    });
    expect(labelShift({ dpi: 300, topOffset: '-0.1mm', leftOffset: null })).toMatchObject({ x: 0, y: -1 });
    expect(labelShift({ dpi: 300, topOffset: '-0.1mm', leftOffset: null })?.text).toMatch(
      /^Shift: the whole label prints 1 dot up \(/,
    );
    expect(labelShift({ dpi: 203, topOffset: '0.01mm', leftOffset: null })).toBeNull();
    expect(labelShift({ dpi: 203, topOffset: null, leftOffset: null })).toBeNull();
  });

  it('waits while the label size is half typed', () => {
    expect(
      printerViewRequest(
        'z',
        {
          printerId: null,
          dpi: 600,
          media: null,
          darkness: null,
          unprintableMargin: null,
          topOffset: null,
          leftOffset: null,
        },
        { width: '4', height: '1in' },
      ),
    ).toBeNull();
    expect(dpmmOf(600)).toBe(24);
  });
});

describe('printerDifferences', () => {
  it('counts no difference when the print has the design’s ink', () => {
    const design = picture(['#..#', '#..#']);
    expect(printerDifferences(design, picture(['#..#', '#..#'])).changed).toBe(0);
  });

  it('counts each pixel whose ink differs, a bar one dot wider or narrower included', () => {
    const result = printerDifferences(picture(['##..', '##..']), picture(['###.', '#...']));
    expect(result.changed).toBe(2);
    // Ink only in the print is blue, only in the design red.
    expect([...result.pixels.data.subarray(8, 11)]).toEqual([37, 99, 235]);
    expect([...result.pixels.data.subarray(4 * 4 + 4, 4 * 4 + 7)]).toEqual([220, 38, 38]);
  });

  it('moves a shifted print back before comparing: a label that only moved has no difference, ink pushed off the paper has', () => {
    const design = picture(['#...', '.##.', '....']);
    const print = picture(['....', '.#..', '..##']);
    expect(printerDifferences(design, print).changed).toBe(4);
    expect(printerDifferences(design, print, { x: 1, y: 1 }).changed).toBe(0);
    // Moved left by one: the design's first column is off the paper in the print.
    expect(printerDifferences(design, picture(['....', '##..', '....']), { x: -1, y: 0 }).changed).toBe(1);
    expect(rows(onPaper(picture(['#.', '.#']), 3, 2, { x: -1, y: 1 }))).toEqual(['..#', '...']);
  });

  it('compares a larger media on paper: ink beyond the label counts, paper does not', () => {
    expect(printerDifferences(picture(['#.']), picture(['#..', '...'])).changed).toBe(0);
    expect(printerDifferences(picture(['#.']), picture(['#..', '..#'])).changed).toBe(1);
    expect(onPaper(picture(['#']), 2, 1).data[4]).toBe(255);
  });
});

describe('differencesByElement', () => {
  it('names the elements whose bounds hold differing pixels', () => {
    const diff = printerDifferences(picture(['#...', '....']), picture(['....', '...#'])).pixels;
    // At 72 dpi a point is a dot: "left" covers columns 0-1, "right" columns 2-3.
    const elements = [
      { id: 'left', box: { x: 0, y: 0, width: 2, height: 2 }, rotation: 0 },
      { id: 'right', box: { x: 2, y: 0, width: 2, height: 2 }, rotation: 0 },
      { id: 'clean', box: { x: 1, y: 0, width: 1, height: 1 }, rotation: 0 },
    ];
    expect(differencesByElement(diff, elements, 72)).toEqual([
      { id: 'left', changed: 1 },
      { id: 'right', changed: 1 },
    ]);
  });
});

/** A picture back as rows of '#' and '.'. */
function rows(pixels: Pixels): string[] {
  return Array.from({ length: pixels.height }, (_, y) =>
    Array.from({ length: pixels.width }, (_, x) =>
      (pixels.data[(y * pixels.width + x) * 4] ?? 255) < 128 ? '#' : '.',
    ).join(''),
  );
}

describe('darkness as weight', () => {
  it('spreads ink about a dot per 7.5 steps from the usual 15, nothing for the printer’s own setting', () => {
    expect([null, 15, 22, 23, 29, 30, 8, 7, 0].map(darknessSpread)).toEqual([0, 0, 0, 1, 1, 2, 0, -1, -2]);
  });

  it('grows a bar by a dot on each side at +1 and thins it at -1, the picture unchanged at 0', () => {
    const bar = picture(['.....', '..#..', '..#..', '..#..', '.....']);
    expect(withDarkness(bar, 0)).toBe(bar);
    expect(rows(withDarkness(bar, 1))).toEqual(['.###.', '.###.', '.###.', '.###.', '.###.']);
    expect(rows(withDarkness(picture(['.....', '.###.', '.###.', '.###.', '.....']), -1))).toEqual([
      '.....',
      '.....',
      '..#..',
      '.....',
      '.....',
    ]);
  });
});
