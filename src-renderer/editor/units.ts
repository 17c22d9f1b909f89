// Lengths as the editor writes them into templates: the template's unit, a sensible precision, and safe parsing.
import {
  LENGTH_UNITS,
  lengthUnitOf,
  parseLength,
  POINTS_PER_UNIT,
  pointsTo,
  type LengthUnit,
} from '@shared/units/length';

export { LENGTH_UNITS, POINTS_PER_UNIT, type LengthUnit };

/** Decimals kept per unit: 0.01 mm, 0.001 in, 0.01 pt… all far below a printer dot (0.125 mm at 203 dpi). */
export const UNIT_DECIMALS: Record<LengthUnit, number> = { mm: 2, cm: 3, in: 3, pt: 2, px: 2 };

/** The unit new lengths are written in: the unit of the label's width ("4in" → in), mm when it cannot be read. */
export function templateUnit(template: { dimensions?: { width?: unknown } }): LengthUnit {
  return lengthUnitOf(template.dimensions?.width) ?? 'mm';
}

/** A number in a unit, rounded to the unit's precision, without trailing zeros or a negative zero ("12.5", "0"). */
export function formatNumber(value: number, unit: LengthUnit): string {
  const rounded = Number(value.toFixed(UNIT_DECIMALS[unit]));
  return String(rounded === 0 ? 0 : rounded);
}

/** Points as a template length string in a unit: formatLength(36, 'in') === "0.5in". */
export function formatLength(points: number, unit: LengthUnit): string {
  return `${formatNumber(pointsTo(points, unit), unit)}${unit}`;
}

/** A length string in points, or undefined when it is not a valid length (say, half typed). */
export function lengthToPoints(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const parsed = parseLength(text);
  return parsed ? parsed.value * POINTS_PER_UNIT[parsed.unit] : undefined;
}

/**
 * A length set to a new value in points, written in the unit it already had (a "10pt" a designer typed stays in pt),
 * or in `fallback` when it had none that can be read.
 */
export function rewriteLength(previous: unknown, points: number, fallback: LengthUnit): string {
  const unit = lengthUnitOf(previous) ?? fallback;
  return formatLength(points, unit);
}

/** A length shown in another unit, e.g. for an inspector field: convertLength("1in", "mm") === "25.4mm". */
export function convertLength(text: string, unit: LengthUnit): string | undefined {
  const points = lengthToPoints(text);
  return points === undefined ? undefined : formatLength(points, unit);
}

/** One arrow-key nudge in points: 0.1 mm, 0.01 in, 1 pt or 1 px (10x with shift). */
export function nudgeStep(unit: LengthUnit, large: boolean): number {
  const step: Record<LengthUnit, number> = { mm: 0.1, cm: 0.01, in: 0.01, pt: 1, px: 1 };
  return step[unit] * POINTS_PER_UNIT[unit] * (large ? 10 : 1);
}
