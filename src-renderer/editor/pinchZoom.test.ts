import { describe, expect, it } from 'vitest';
import { pinchView } from './pinchZoom';

const unclamped = (zoom: number) => zoom;

describe('pinchView', () => {
  const view = { zoom: 2, pan: { x: 100, y: 50 } };
  const start = { a: { x: 200, y: 150 }, b: { x: 300, y: 150 } };

  it('zooms by the spread of the fingers about their midpoint', () => {
    // Spread from 100 to 200 px about the same midpoint (250, 150): twice the zoom.
    const after = pinchView(view, start, { a: { x: 150, y: 150 }, b: { x: 350, y: 150 } }, unclamped);
    expect(after.zoom).toBe(4);
    // The label point under the midpoint, (250 - 100) / 2 = 75 and (150 - 50) / 2 = 50, is still under it.
    expect((250 - after.pan.x) / after.zoom).toBeCloseTo(75, 9);
    expect((150 - after.pan.y) / after.zoom).toBeCloseTo(50, 9);
  });

  it('pans with the midpoint when both fingers move together, at the same zoom', () => {
    const after = pinchView(view, start, { a: { x: 230, y: 110 }, b: { x: 330, y: 110 } }, unclamped);
    expect(after).toEqual({ zoom: 2, pan: { x: 130, y: 10 } });
  });

  it('keeps the label under the fingers when the zoom is clamped', () => {
    const after = pinchView(view, start, { a: { x: 0, y: 150 }, b: { x: 1000, y: 150 } }, (zoom) => Math.min(zoom, 5));
    expect(after.zoom).toBe(5);
    expect((500 - after.pan.x) / after.zoom).toBeCloseTo(75, 9);
  });

  it('leaves the zoom alone for fingers that started on the same spot', () => {
    const together = { a: { x: 200, y: 150 }, b: { x: 200, y: 150 } };
    expect(pinchView(view, together, { a: { x: 100, y: 150 }, b: { x: 300, y: 150 } }, unclamped).zoom).toBe(2);
  });
});
