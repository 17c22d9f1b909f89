import { describe, expect, it } from 'vitest';
import { alignShifts, distributeShifts } from './arrange';
import { rotatedBounds } from './geometry';

const placed = (id: string, x: number, y: number, width: number, height: number) => ({
  id,
  bounds: { x, y, width, height },
});
const reference = { x: 0, y: 0, width: 100, height: 50 };

describe('align', () => {
  const boxes = [placed('a', 10, 5, 20, 10), placed('b', 40, 20, 10, 20)];

  it.each([
    [
      'left',
      [
        [-10, 0],
        [-40, 0],
      ],
    ],
    [
      'center',
      [
        [30, 0],
        [5, 0],
      ],
    ],
    [
      'right',
      [
        [70, 0],
        [50, 0],
      ],
    ],
    [
      'top',
      [
        [0, -5],
        [0, -20],
      ],
    ],
    [
      'middle',
      [
        [0, 15],
        [0, -5],
      ],
    ],
    [
      'bottom',
      [
        [0, 35],
        [0, 10],
      ],
    ],
  ] as const)('%s moves each box onto the reference', (edge, expected) => {
    const shifts = alignShifts(boxes, edge, reference);
    expect(boxes.map(({ id }) => [shifts.get(id)?.dx, shifts.get(id)?.dy])).toEqual(expected);
  });
});

describe('distribute', () => {
  it('spaces boxes of different sizes with equal gaps, the outer ones staying', () => {
    const shifts = distributeShifts(
      [placed('c', 80, 0, 20, 5), placed('a', 0, 0, 10, 5), placed('b', 15, 0, 30, 5)],
      'horizontal',
    );
    // Span 0..100, widths 60: gaps of 20; b goes to 30.
    expect(Object.fromEntries([...shifts].map(([id, shift]) => [id, shift.dx]))).toEqual({ a: 0, b: 15, c: 0 });
  });

  it('works vertically and does nothing for fewer than three boxes', () => {
    const shifts = distributeShifts(
      [placed('a', 0, 0, 5, 10), placed('b', 0, 11, 5, 10), placed('c', 0, 40, 5, 10)],
      'vertical',
    );
    // Span 0..50, heights 30: gaps of 10; b goes to 20.
    expect(shifts.get('b')).toEqual({ dx: 0, dy: 9 });
    expect(distributeShifts([placed('a', 0, 0, 5, 5), placed('b', 9, 0, 5, 5)], 'horizontal').size).toBe(0);
  });
});

describe('rotatedBounds', () => {
  it('is the box itself unrotated and turns about the centre', () => {
    const box = { x: 10, y: 10, width: 40, height: 20 };
    expect(rotatedBounds(box, 360)).toBe(box);
    const quarter = rotatedBounds(box, 90);
    expect(quarter.x).toBeCloseTo(20, 9);
    expect(quarter.y).toBeCloseTo(0, 9);
    expect(quarter.width).toBeCloseTo(20, 9);
    expect(quarter.height).toBeCloseTo(40, 9);
    expect(rotatedBounds({ x: 0, y: 0, width: 10, height: 10 }, 45).width).toBeCloseTo(Math.SQRT2 * 10, 9);
  });
});
