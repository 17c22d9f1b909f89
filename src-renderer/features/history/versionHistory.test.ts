import { describe, expect, it } from 'vitest';
import { DIFF_COLOURS, overlayDiff, type Pixels } from './overlayDiff';
import { authorLabel, comparePair, historyRows, nextVersionLabel, toggleCompare } from './versionHistory';

const versions = [
  { number: 3, createdAt: 3000, author: 'editor', note: 'restored from 1' },
  { number: 2, createdAt: 2000, author: 'cli:ops', note: null },
  { number: 1, createdAt: 1000, author: null, note: null },
];
const at = (ms: number) => `t${ms}`;

describe('history rows', () => {
  it('describe each version by when, who and its note, and mark the live one', () => {
    const rows = historyRows(versions, { status: 'published', latestVersion: 3, draftChanged: false }, at);
    expect(rows).toEqual([
      {
        number: 3,
        title: 'Version 3 (live)',
        detail: 't3000 · the editor · “restored from 1”',
        live: true,
        canRestore: false,
      },
      { number: 2, title: 'Version 2', detail: 't2000 · ops (command line)', live: false, canRestore: true },
      {
        number: 1,
        title: 'Version 1',
        detail: 't1000 · published before versions were kept',
        live: false,
        canRestore: true,
      },
    ]);
  });

  it('let the newest be restored over a changed draft, and mark none live while the template is unpublished', () => {
    const rows = historyRows(versions, { status: 'draft', latestVersion: 3, draftChanged: true }, at);
    expect(rows.map((row) => [row.title, row.live, row.canRestore])).toEqual([
      ['Version 3', false, true],
      ['Version 2', false, true],
      ['Version 1', false, true],
    ]);
  });

  it('name authors in words and the next publish by its number', () => {
    expect(authorLabel('cli:alice')).toBe('alice (command line)');
    expect(authorLabel('someone else')).toBe('someone else');
    expect(nextVersionLabel({ status: null, latestVersion: null, draftChanged: true })).toBe('Publish as version 1');
    expect(nextVersionLabel({ status: 'published', latestVersion: 4, draftChanged: true })).toBe(
      'Publish as version 5',
    );
  });
});

describe('picking two versions to compare', () => {
  it('keeps the last two ticked, unticks, and answers the pair older first', () => {
    let picked = toggleCompare([], 3);
    expect(comparePair(picked)).toBeUndefined();
    picked = toggleCompare(picked, 1);
    expect(comparePair(picked)).toEqual([1, 3]);
    picked = toggleCompare(picked, 2);
    expect(picked).toEqual([1, 2]);
    expect(comparePair(toggleCompare(picked, 1))).toBeUndefined();
  });
});

/** A w×h picture, white, with black where `ink(x, y)`. */
function picture(width: number, height: number, ink: (x: number, y: number) => boolean): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set(ink(x, y) ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * width + x) * 4);
  }
  return { width, height, data };
}

const pixelAt = (pixels: Pixels, x: number, y: number) => [
  ...pixels.data.slice((y * pixels.width + x) * 4, (y * pixels.width + x) * 4 + 3),
];

describe('the overlay', () => {
  it('colours ink kept grey, removed red, added blue, and counts the changed pixels', () => {
    // Before: the left half inked; after: the top half inked.
    const before = picture(4, 4, (x) => x < 2);
    const after = picture(4, 4, (_x, y) => y < 2);
    const { pixels, changed } = overlayDiff(before, after);
    expect(pixelAt(pixels, 0, 0)).toEqual([...DIFF_COLOURS.same]);
    expect(pixelAt(pixels, 0, 3)).toEqual([...DIFF_COLOURS.removed]);
    expect(pixelAt(pixels, 3, 0)).toEqual([...DIFF_COLOURS.added]);
    expect(pixelAt(pixels, 3, 3)).toEqual([...DIFF_COLOURS.paper]);
    expect(changed).toBe(8);
  });

  it('sees transparent pixels as paper and finds no change between equal pictures', () => {
    const clear = { width: 2, height: 1, data: new Uint8ClampedArray(8) };
    expect(
      overlayDiff(
        clear,
        picture(2, 1, () => false),
      ).changed,
    ).toBe(0);
    expect(() =>
      overlayDiff(
        clear,
        picture(1, 1, () => false),
      ),
    ).toThrow(/differ in size/);
  });
});
