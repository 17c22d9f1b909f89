import { describe, expect, it } from 'vitest';
import { niceCeiling, shortDay, usageChartModel } from './usageChartModel';

const size = { width: 340, height: 130, left: 30, bottom: 20, top: 10, right: 10 };
const days = (counts: [number, number][]) =>
  counts.map(([live, test], index) => ({ day: `2025-06-${String(index + 1).padStart(2, '0')}`, live, test }));

describe('usage chart', () => {
  it('rounds the scale up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 180, 501].map(niceCeiling)).toEqual([1, 1, 5, 10, 10, 20, 200, 1000]);
  });

  it('stacks test on live, scaled to the plot, with equal slots', () => {
    const model = usageChartModel(
      days([
        [3, 1],
        [0, 0],
        [10, 5],
      ]),
      size,
    );
    expect(model.max).toBe(20);
    expect(model.totals).toEqual({ live: 13, test: 6 });
    const [first, empty, busy] = model.bars;
    // Plot 300 x 100 from (30, 10): slots of 100 px with a 4 px gap.
    expect(first).toMatchObject({
      x: 32,
      width: 96,
      live: { y: 95, height: 15, count: 3 },
      test: { y: 90, height: 5, count: 1 },
    });
    expect(empty?.live.height).toBe(0);
    expect(busy?.test).toEqual({ y: 35, height: 25, count: 5 });
    expect(model.ticks).toEqual([
      { value: 0, y: 110 },
      { value: 10, y: 60 },
      { value: 20, y: 10 },
    ]);
  });

  it('labels about ten days, always today', () => {
    const model = usageChartModel(days(Array.from({ length: 30 }, () => [0, 0] as [number, number])), size);
    const labelled = model.bars.filter((bar) => bar.label !== undefined);
    expect(labelled).toHaveLength(10);
    expect(labelled.at(-1)?.label).toBe('6/30');
    expect(model.max).toBe(1);
    expect(shortDay('2025-12-05')).toBe('12/5');
  });

  it('draws nothing for no days', () => {
    expect(usageChartModel([], size)).toMatchObject({ bars: [], max: 1, totals: { live: 0, test: 0 } });
  });
});
