import { describe, expect, it } from 'vitest';
import { snapBox, snapThreshold, type SnapTargets } from './snapping';

const label = { width: 200, height: 100 };
const targets = (boxes: SnapTargets['boxes'] = [], safeMargin?: number): SnapTargets => ({ label, boxes, safeMargin });
const box = (x: number, y: number, width = 20, height = 10) => ({ x, y, width, height });

describe('snapBox', () => {
  it('converts a screen threshold to points at the zoom', () => {
    expect(snapThreshold(6, 2)).toBe(3);
    expect(snapThreshold(6, 0.5)).toBe(12);
  });

  it('leaves a box alone when nothing is within the threshold and there is no grid', () => {
    expect(snapBox(box(60.5, 20.5), targets([box(120, 70)]), { threshold: 2, objects: true })).toEqual({ x: 60.5, y: 20.5, guides: [] });
  });

  it('snaps to the grid on each axis', () => {
    expect(snapBox(box(52.4, 47.6), targets(), { threshold: 0, objects: true, grid: 5 })).toMatchObject({ x: 50, y: 50, guides: [] });
    expect(snapBox(box(52.4, 47.6), targets(), { threshold: 0, objects: false, grid: 0 })).toMatchObject({ x: 52.4, y: 47.6 });
  });

  it('snaps edges to edges of other elements, with a guide spanning both', () => {
    const other = box(120, 60, 40, 20);
    const result = snapBox(box(88.5, 20, 30, 10), targets([other]), { threshold: 2, objects: true });
    // Its right edge (118.5) meets the other's left edge (120); the label centre (100) is 3.5 away from its left edge.
    expect(result.x).toBe(90);
    expect(result.y).toBe(20);
    expect(result.guides).toEqual([{ orientation: 'vertical', position: 120, start: 20, end: 80 }]);
  });

  it('snaps centres to centres and to the label centre', () => {
    const result = snapBox(box(89, 44.2), targets(), { threshold: 2, objects: true });
    expect(result).toMatchObject({ x: 90, y: 45 });
    expect(result.guides).toEqual([
      { orientation: 'vertical', position: 100, start: 0, end: 100 },
      { orientation: 'horizontal', position: 50, start: 0, end: 200 },
    ]);
  });

  it('takes the nearest line when several are within the threshold', () => {
    const result = snapBox(box(31, 0), targets([box(0, 50, 30, 10), box(0, 70, 32.5, 10)]), { threshold: 3, objects: true });
    // Left edge 31: 30 is 1 away, 32.5 is 1.5 away.
    expect(result.x).toBe(30);
  });

  it('snaps to the label edges and the safe margin', () => {
    expect(snapBox(box(1.5, 91.5), targets(), { threshold: 2, objects: true })).toMatchObject({ x: 0, y: 90 });
    expect(snapBox(box(6.5, 30), targets([], 5), { threshold: 2, objects: true }).x).toBe(5);
  });

  it('prefers object lines to the grid and uses the grid on the other axis', () => {
    const result = snapBox(box(99, 33), targets([box(100, 80, 30, 10)]), { threshold: 2, objects: true, grid: 10 });
    expect(result).toMatchObject({ x: 100, y: 30 });
    expect(result.guides.map((guide) => guide.orientation)).toEqual(['vertical']);
  });

  it('ignores objects when object snapping is off', () => {
    expect(snapBox(box(99, 33), targets([box(100, 80)]), { threshold: 2, objects: false })).toMatchObject({ x: 99, y: 33, guides: [] });
  });

  it('merges guides at one position and reports each touched line', () => {
    const result = snapBox(box(39, 0, 20, 10), targets([box(40, 30, 10, 5), box(40, 60, 20, 10)]), { threshold: 2, objects: true });
    expect(result.x).toBe(40);
    // Left on both lefts, centre on one right and one centre, right on one right; top on the label's top.
    expect(result.guides).toEqual([
      { orientation: 'vertical', position: 40, start: 0, end: 70 },
      { orientation: 'vertical', position: 50, start: 0, end: 70 },
      { orientation: 'vertical', position: 60, start: 0, end: 70 },
      { orientation: 'horizontal', position: 0, start: 0, end: 200 },
    ]);
  });
});
