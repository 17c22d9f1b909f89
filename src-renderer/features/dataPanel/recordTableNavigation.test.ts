import { describe, expect, it } from 'vitest';
import { recordAfterKey, scrollToShow, shownRows } from './recordTableNavigation';

describe('recordAfterKey', () => {
  it('moves one with the arrows, a screenful with the Page keys and to the ends with Home and End, never past them', () => {
    expect(recordAfterKey('ArrowDown', 3, 50, 8)).toBe(4);
    expect(recordAfterKey('ArrowUp', 3, 50, 8)).toBe(2);
    expect(recordAfterKey('ArrowUp', 0, 50, 8)).toBe(0);
    expect(recordAfterKey('ArrowDown', 49, 50, 8)).toBe(49);
    expect(recordAfterKey('PageDown', 3, 50, 8)).toBe(11);
    expect(recordAfterKey('PageDown', 45, 50, 8)).toBe(49);
    expect(recordAfterKey('PageUp', 5, 50, 8)).toBe(0);
    expect(recordAfterKey('PageUp', 5, 50, 0)).toBe(4);
    expect(recordAfterKey('Home', 30, 50, 8)).toBe(0);
    expect(recordAfterKey('End', 3, 50, 8)).toBe(49);
  });

  it('leaves other keys and an empty sheet alone', () => {
    expect(recordAfterKey('Enter', 3, 50, 8)).toBeUndefined();
    expect(recordAfterKey('a', 3, 50, 8)).toBeUndefined();
    expect(recordAfterKey('End', 0, 0, 8)).toBeUndefined();
  });
});

describe('shownRows', () => {
  it('draws every row of a short sheet, and a window around the current record of a long one', () => {
    expect(shownRows(3, 20, 200)).toEqual({ from: 0, to: 20 });
    expect(shownRows(3, 5000, 200)).toEqual({ from: 0, to: 200 });
    expect(shownRows(2500, 5000, 200)).toEqual({ from: 2400, to: 2600 });
    expect(shownRows(4999, 5000, 200)).toEqual({ from: 4800, to: 5000 });
  });
});

describe('scrollToShow', () => {
  const box = { scrollTop: 100, height: 200, header: 30 };

  it('keeps the scroll when the row is shown whole, else scrolls just enough, clear of the sticky header', () => {
    expect(scrollToShow({ top: 150, bottom: 180 }, box)).toBe(100);
    // Under the header: its top goes just below it.
    expect(scrollToShow({ top: 110, bottom: 140 }, box)).toBe(80);
    expect(scrollToShow({ top: 20, bottom: 50 }, box)).toBe(0);
    // Below the box: its bottom goes to the box's bottom.
    expect(scrollToShow({ top: 290, bottom: 320 }, box)).toBe(120);
  });
});
