import { describe, expect, it } from 'vitest';
import { edgesOfAnchor, snapBox, snapResize, snapThreshold, type SnapTargets } from './snapping';

const label = { width: 200, height: 100 };
const targets = (boxes: SnapTargets['boxes'] = [], safeMargin?: number): SnapTargets => ({ label, boxes, safeMargin });
const box = (x: number, y: number, width = 20, height = 10) => ({ x, y, width, height });

describe('snapBox', () => {
  it('converts a screen threshold to points at the zoom', () => {
    expect(snapThreshold(6, 2)).toBe(3);
    expect(snapThreshold(6, 0.5)).toBe(12);
  });

  it('leaves a box alone when nothing is within the threshold and there is no grid', () => {
    expect(snapBox(box(60.5, 20.5), targets([box(120, 70)]), { threshold: 2, objects: true })).toEqual({
      x: 60.5,
      y: 20.5,
      guides: [],
    });
  });

  it('snaps to the grid on each axis', () => {
    expect(snapBox(box(52.4, 47.6), targets(), { threshold: 0, objects: true, grid: 5 })).toMatchObject({
      x: 50,
      y: 50,
      guides: [],
    });
    expect(snapBox(box(52.4, 47.6), targets(), { threshold: 0, objects: false, grid: 0 })).toMatchObject({
      x: 52.4,
      y: 47.6,
    });
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
    const result = snapBox(box(31, 0), targets([box(0, 50, 30, 10), box(0, 70, 32.5, 10)]), {
      threshold: 3,
      objects: true,
    });
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
    expect(snapBox(box(99, 33), targets([box(100, 80)]), { threshold: 2, objects: false })).toMatchObject({
      x: 99,
      y: 33,
      guides: [],
    });
  });

  it('merges guides at one position and reports each touched line', () => {
    const result = snapBox(box(39, 0, 20, 10), targets([box(40, 30, 10, 5), box(40, 60, 20, 10)]), {
      threshold: 2,
      objects: true,
    });
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

describe('snapResize', () => {
  const right = edgesOfAnchor('middle-right');

  it('reads the moving edges from the handle', () => {
    expect(edgesOfAnchor('top-left')).toEqual({ left: true, right: false, top: true, bottom: false });
    expect(edgesOfAnchor('middle-right')).toEqual({ left: false, right: true, top: false, bottom: false });
    expect(edgesOfAnchor('bottom-center')).toEqual({ left: false, right: false, top: false, bottom: true });
    expect(edgesOfAnchor('rotater')).toEqual({ left: false, right: false, top: false, bottom: false });
  });

  it("snaps the moving right edge to another element's edge, keeping the left edge, with a guide spanning both", () => {
    const other = box(120, 60, 40, 20);
    const result = snapResize(box(30, 20, 88.5, 10), right, targets([other]), { threshold: 2, objects: true });
    expect(result.box).toEqual({ x: 30, y: 20, width: 90, height: 10 });
    expect(result.guides).toEqual([{ orientation: 'vertical', position: 120, start: 20, end: 80 }]);
  });

  it('snaps a moving left or top edge and changes the size by as much', () => {
    // The left edge (41.5) onto the other's centre line (40); the right edge stays at 61.5.
    const left = snapResize(box(41.5, 9, 20, 10), edgesOfAnchor('middle-left'), targets([box(30, 60, 20, 10)]), {
      threshold: 2,
      objects: true,
    });
    expect(left.box).toEqual({ x: 40, y: 9, width: 21.5, height: 10 });
    const top = snapResize(box(10, 51, 20, 19), edgesOfAnchor('top-center'), targets(), {
      threshold: 2,
      objects: true,
    });
    // The label's horizontal centre line is at 50.
    expect(top.box).toEqual({ x: 10, y: 50, width: 20, height: 20 });
    expect(top.guides).toEqual([{ orientation: 'horizontal', position: 50, start: 0, end: 200 }]);
  });

  it('snaps both edges of a corner handle, each on its own axis', () => {
    const result = snapResize(box(10, 10, 88.8, 38.9), edgesOfAnchor('bottom-right'), targets(), {
      threshold: 2,
      objects: true,
    });
    // Right edge 98.8 to the label centre 100; bottom edge 48.9 to the label centre 50.
    expect(result.box).toEqual({ x: 10, y: 10, width: 90, height: 40 });
    expect(result.guides.map((guide) => [guide.orientation, guide.position])).toEqual([
      ['vertical', 100],
      ['horizontal', 50],
    ]);
  });

  it('snaps to element centres, and only the moving edge counts', () => {
    // The box's own centre (99) is 1 from the label's centre line, but only the moving right edge (168) snaps: nothing near.
    const result = snapResize(box(30, 0, 138, 10), right, targets([box(80, 40, 10, 10)]), {
      threshold: 2,
      objects: true,
    });
    expect(result).toEqual({ box: box(30, 0, 138, 10), guides: [] });
    // Right edge 84: the other's centre line (85) is nearer than its left edge (80).
    const onCentre = snapResize(box(30, 0, 54, 10), right, targets([box(80, 40, 10, 10)]), {
      threshold: 2,
      objects: true,
    });
    expect(onCentre.box.width).toBe(55);
  });

  it('falls back to the grid for the moving edge only, and ignores objects when told', () => {
    const result = snapResize(box(3, 3, 23.4, 10), right, targets([box(27, 40)]), {
      threshold: 1,
      objects: false,
      grid: 5,
    });
    // Right edge 26.4 rounds to 25 on the grid; the object edge at 27 is ignored; the left edge stays at 3.
    expect(result).toEqual({ box: box(3, 3, 22, 10), guides: [] });
  });

  it('leaves a box alone when nothing is near and there is no grid', () => {
    expect(snapResize(box(60.5, 20.5), right, targets([box(120, 70)]), { threshold: 2, objects: true })).toEqual({
      box: box(60.5, 20.5),
      guides: [],
    });
  });
});
