import { describe, expect, it } from 'vitest';
import { MIN_MAJOR_PIXELS, MIN_MINOR_PIXELS, rulerScale, rulerTicks } from './rulerTicks';
import { POINTS_PER_UNIT } from './units';

const TRUE_SIZE = 96 / 72;

describe('ruler scale', () => {
  it('picks round major steps at least 48 px apart', () => {
    // 1 mm at 100 % is 3.78 px: 10 mm is 37.8 px, too close; 20 mm is 75.6 px.
    expect(rulerScale('mm', TRUE_SIZE)).toEqual({ major: 20, parts: 10 });
    expect(rulerScale('mm', TRUE_SIZE * 8)).toEqual({ major: 2, parts: 10 });
    // At 25 % 50 mm is 47.2 px, just too close.
    expect(rulerScale('mm', TRUE_SIZE / 4)).toEqual({ major: 100, parts: 10 });
    // 1 in at 100 % is 96 px: labelled every half inch, eighths between.
    expect(rulerScale('in', TRUE_SIZE)).toEqual({ major: 0.5, parts: 8 });
    expect(rulerScale('in', TRUE_SIZE / 4)).toEqual({ major: 2, parts: 8 });
  });

  it('keeps minor ticks at least 5 px apart at every zoom', () => {
    for (const unit of ['mm', 'cm', 'in', 'pt', 'px'] as const) {
      for (let zoom = 0.05; zoom < 50; zoom *= 1.3) {
        const { major, parts } = rulerScale(unit, zoom);
        const majorPixels = major * zoom * POINTS_PER_UNIT[unit];
        expect(majorPixels, `${unit} at ${zoom}`).toBeGreaterThanOrEqual(MIN_MAJOR_PIXELS);
        if (parts > 1) expect(majorPixels / parts).toBeGreaterThanOrEqual(MIN_MINOR_PIXELS);
      }
    }
  });
});

describe('ruler ticks', () => {
  it('start at the label origin, follow the pan, and label major ticks in the unit', () => {
    const zoom = 10 / POINTS_PER_UNIT.mm; // 10 px per mm: labelled every 5 mm, each mm ticked.
    const ticks = rulerTicks({ unit: 'mm', zoom, origin: 24, length: 120 });
    expect(ticks[0]).toEqual({ at: 4, kind: 'minor' });
    const labelled = ticks.filter((tick) => tick.kind === 'major');
    expect(labelled.map((tick) => [Math.round(tick.at), tick.label])).toEqual([
      [24, '0'],
      [74, '5'],
    ]);
    expect(ticks.find((tick) => Math.round(tick.at) === 34)?.kind).toBe('minor');
    expect(ticks.at(-1)?.at).toBeCloseTo(119, 6);
  });

  it('counts negative to the left of the label and has mid ticks for even parts', () => {
    const ticks = rulerTicks({ unit: 'in', zoom: TRUE_SIZE, origin: 200, length: 300 });
    const labels = ticks.filter((tick) => tick.label !== undefined).map((tick) => tick.label);
    expect(labels).toEqual(['-2', '-1.5', '-1', '-0.5', '0', '0.5', '1']);
    const origin = ticks.findIndex((tick) => tick.label === '0');
    expect(ticks[origin + 4]).toMatchObject({ kind: 'mid' });
    expect(ticks[origin + 4]?.at).toBeCloseTo(224, 6);
  });

  it('has nothing to draw for an empty ruler', () => {
    expect(rulerTicks({ unit: 'mm', zoom: 1, origin: 0, length: 0 })).toEqual([]);
  });
});
