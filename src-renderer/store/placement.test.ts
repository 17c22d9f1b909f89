import { describe, expect, it } from 'vitest';
import { freeSpot } from './placement';

const MM = 72 / 25.4;
const LABEL = { width: 100 * MM, height: 50 * MM };

/** The box of an element of `size` centred on `spot`, in millimetres rounded to 0.01. */
function boxAt(spot: { x: number; y: number }, size: { width: number; height: number }) {
  const mm = (points: number) => Math.round((points / MM) * 100) / 100;
  return {
    x: mm(spot.x - size.width / 2),
    y: mm(spot.y - size.height / 2),
    right: mm(spot.x + size.width / 2),
    bottom: mm(spot.y + size.height / 2),
  };
}

describe('freeSpot', () => {
  it('takes the label’s centre when it is free', () => {
    expect(freeSpot(LABEL, { width: 40 * MM, height: 8 * MM }, [])).toEqual({ x: 50 * MM, y: 25 * MM });
  });

  it('goes just clear of what is in the middle, below it rather than above, a millimetre apart', () => {
    const middle = { x: 30 * MM, y: 21 * MM, width: 40 * MM, height: 8 * MM };
    const size = { width: 40 * MM, height: 15 * MM };
    expect(boxAt(freeSpot(LABEL, size, [middle]), size)).toEqual({ x: 30, y: 30, right: 70, bottom: 45 });
  });

  it('stays inside the label and keeps clear of a line, which has no height', () => {
    const line = { x: 0, y: 25 * MM, width: 100 * MM, height: 0 };
    const size = { width: 30 * MM, height: 20 * MM };
    const box = boxAt(freeSpot(LABEL, size, [line]), size);
    expect(box.y >= 26 || box.bottom <= 24).toBe(true);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(50);
  });

  it('covers the least of what is there on a full label, and the centre for an element wider than the label', () => {
    const halves = [
      { x: 0, y: 0, width: 100 * MM, height: 30 * MM },
      { x: 0, y: 30 * MM, width: 100 * MM, height: 20 * MM },
    ];
    const size = { width: 20 * MM, height: 10 * MM };
    // Straddling the seam costs more than lying on one half: it covers both halves' room.
    const box = boxAt(freeSpot(LABEL, size, halves), size);
    expect(box.y >= 31 || box.bottom <= 29).toBe(true);
    expect(freeSpot(LABEL, { width: 120 * MM, height: 50 * MM }, halves)).toEqual({ x: 50 * MM, y: 25 * MM });
  });
});
