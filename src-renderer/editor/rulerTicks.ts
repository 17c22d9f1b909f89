// Ruler tick maths: where ticks fall on screen for a unit, zoom and pan, with round numbers far enough apart to read.
import { POINTS_PER_UNIT, type LengthUnit } from './units';

export interface Tick {
  /** Screen pixels from the ruler's start. */
  at: number;
  kind: 'major' | 'mid' | 'minor';
  /** Major ticks only: the length at the tick in the ruler's unit. */
  label?: string;
}

/** Labelled ticks at least this far apart on screen (room for "1000"). */
export const MIN_MAJOR_PIXELS = 48;
/** Minor ticks closer than this would be a grey smear. */
export const MIN_MINOR_PIXELS = 5;

/** Major steps in the unit: 1-2-5 decades for metric and typographic units, halves and doubles for inches. */
function majorSteps(unit: LengthUnit): number[] {
  if (unit === 'in') return [1 / 8, 1 / 4, 1 / 2, 1, 2, 5, 10, 20, 50];
  const steps: number[] = [];
  for (let decade = 0.01; decade <= 10_000; decade *= 10)
    for (const factor of [1, 2, 5]) steps.push(Number((decade * factor).toPrecision(6)));
  return steps;
}

/** How many parts a major step is cut into: halves of halves for inches, tenths (or fifths, halves) otherwise. */
function subdivisions(unit: LengthUnit, major: number): number[] {
  if (unit === 'in') return [16, 8, 4, 2];
  const leading = Number((major / 10 ** Math.floor(Math.log10(major))).toFixed(6));
  return leading === 2 ? [10, 4, 2] : leading === 5 ? [10, 5] : [10, 5, 2];
}

export interface RulerView {
  unit: LengthUnit;
  /** Screen pixels per point. */
  zoom: number;
  /** Where the label's origin is on the ruler, in screen pixels (the pan on this axis). */
  origin: number;
  /** The ruler's length in screen pixels. */
  length: number;
}

export interface RulerScale {
  /** Length in the unit between labelled ticks. */
  major: number;
  /** Parts per major step. */
  parts: number;
}

export function rulerScale(unit: LengthUnit, zoom: number): RulerScale {
  const pixelsPerUnit = zoom * POINTS_PER_UNIT[unit];
  const steps = majorSteps(unit);
  const major = steps.find((step) => step * pixelsPerUnit >= MIN_MAJOR_PIXELS) ?? (steps[steps.length - 1] as number);
  const parts = subdivisions(unit, major).find((count) => (major / count) * pixelsPerUnit >= MIN_MINOR_PIXELS) ?? 1;
  return { major, parts };
}

function formatValue(value: number): string {
  const rounded = Number(value.toFixed(4));
  return String(rounded === 0 ? 0 : rounded);
}

/** Every tick visible on a ruler of this view, left (or top) to right. */
export function rulerTicks(view: RulerView): Tick[] {
  if (!(view.zoom > 0) || !(view.length > 0)) return [];
  const { major, parts } = rulerScale(view.unit, view.zoom);
  const minorPixels = (major / parts) * view.zoom * POINTS_PER_UNIT[view.unit];
  const first = Math.ceil(-view.origin / minorPixels);
  const last = Math.floor((view.length - view.origin) / minorPixels);
  const ticks: Tick[] = [];
  for (let index = first; index <= last; index++) {
    const at = view.origin + index * minorPixels;
    const within = ((index % parts) + parts) % parts;
    if (within === 0) ticks.push({ at, kind: 'major', label: formatValue((index / parts) * major) });
    else ticks.push({ at, kind: parts % 2 === 0 && within === parts / 2 ? 'mid' : 'minor' });
  }
  return ticks;
}
