// Renders per day shaped for a bar chart: stacked live and test bars, a round scale, and short day labels.
import type { DailyRenders } from '@shared/api/editorApi';

export interface ChartSize {
  width: number;
  height: number;
  /** Room on the left for the scale, below for day labels, above and right for the labels at the edges. */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export interface ChartBar {
  day: string;
  x: number;
  width: number;
  /** Live at the bottom, test stacked on it; y is the top edge (SVG). */
  live: { y: number; height: number; count: number };
  test: { y: number; height: number; count: number };
  /** Every few days a short date under the bar ("6/15"). */
  label?: string;
}

export interface UsageChartModel {
  bars: ChartBar[];
  /** The scale's top: a round number at least the busiest day's total. */
  max: number;
  /** Scale lines with their y. */
  ticks: { value: number; y: number }[];
  totals: { live: number; test: number };
}

/** The smallest of 1, 2, 5 × 10^n that is at least `value` (at least 1, so an empty chart still has a scale). */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= value) return factor * power;
  return 10 * power;
}

/** "2025-06-05" → "6/5" (the day labels are short so 30 of them fit). */
export function shortDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(month)}/${Number(date)}`;
}

export function usageChartModel(perDay: readonly DailyRenders[], size: ChartSize): UsageChartModel {
  const plotWidth = size.width - size.left - size.right;
  const plotHeight = size.height - size.bottom - size.top;
  const max = niceCeiling(Math.max(0, ...perDay.map((day) => day.live + day.test)));
  const slot = perDay.length > 0 ? plotWidth / perDay.length : 0;
  const gap = Math.min(4, slot * 0.25);
  const scale = (count: number) => (count / max) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(perDay.length / 10));
  const bars = perDay.map((day, index) => {
    const liveHeight = scale(day.live);
    const testHeight = scale(day.test);
    const fromEnd = perDay.length - 1 - index;
    return {
      day: day.day,
      x: size.left + index * slot + gap / 2,
      width: Math.max(0, slot - gap),
      live: { y: size.top + plotHeight - liveHeight, height: liveHeight, count: day.live },
      test: { y: size.top + plotHeight - liveHeight - testHeight, height: testHeight, count: day.test },
      // Counted from today backwards, so the newest day is always labelled.
      ...(fromEnd % labelEvery === 0 && { label: shortDay(day.day) }),
    };
  });
  const ticks = [0, 0.5, 1].map((part) => ({ value: max * part, y: size.top + plotHeight - plotHeight * part }));
  const totals = perDay.reduce((sum, day) => ({ live: sum.live + day.live, test: sum.test + day.test }), {
    live: 0,
    test: 0,
  });
  return { bars, max, ticks, totals };
}
