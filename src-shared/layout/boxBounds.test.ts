import { describe, expect, it } from 'vitest';
import { overlap, rotatedBounds } from './boxBounds';

describe('rotatedBounds', () => {
  it('holds the box turned about its centre, or about another point', () => {
    expect(rotatedBounds({ x: 0, y: 0, width: 40, height: 20 }, 0)).toEqual({ x: 0, y: 0, width: 40, height: 20 });
    const quarter = rotatedBounds({ x: 0, y: 0, width: 40, height: 20 }, 90);
    for (const [actual, expected] of [
      [quarter.x, 10],
      [quarter.y, -10],
      [quarter.width, 20],
      [quarter.height, 40],
    ])
      expect(actual).toBeCloseTo(expected ?? 0, 9);
    const diagonal = rotatedBounds({ x: 0, y: 0, width: 10, height: 10 }, 45);
    expect(diagonal.width).toBeCloseTo(10 * Math.SQRT2, 9);
    const aboutOrigin = rotatedBounds({ x: 10, y: 0, width: 10, height: 10 }, 180, { x: 0, y: 0 });
    for (const [actual, expected] of [
      [aboutOrigin.x, -20],
      [aboutOrigin.y, -10],
      [aboutOrigin.width, 10],
      [aboutOrigin.height, 10],
    ])
      expect(actual).toBeCloseTo(expected ?? 0, 9);
  });
});

describe('overlap', () => {
  it('is the shared part, undefined when boxes only touch or are apart', () => {
    expect(overlap({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: -5, width: 10, height: 10 })).toEqual({
      x: 5,
      y: 0,
      width: 5,
      height: 5,
    });
    expect(overlap({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 10, height: 10 })).toBeUndefined();
    expect(overlap({ x: 0, y: 0, width: 10, height: 10 }, { x: 0, y: 50, width: 10, height: 10 })).toBeUndefined();
  });
});
