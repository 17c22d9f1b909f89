// Lengths with a unit suffix ("12.5mm", "4in", "10pt") and exact conversions; points are the internal unit.

export const LENGTH_UNITS = ['mm', 'cm', 'in', 'pt', 'px'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

/** Points per unit: 1 in = 72 pt = 25.4 mm = 96 px, exactly. */
export const POINTS_PER_UNIT: Record<LengthUnit, number> = {
  in: 72,
  mm: 72 / 25.4,
  cm: 720 / 25.4,
  pt: 1,
  px: 72 / 96,
};

const LENGTH_PATTERN = /^\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*(mm|cm|in|pt|px)\s*$/;

export interface ParsedLength {
  value: number;
  unit: LengthUnit;
}

/** Parses "12.5mm"; returns undefined for anything that is not a number followed by a known unit. */
export function parseLength(text: string): ParsedLength | undefined {
  const match = LENGTH_PATTERN.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  if (!Number.isFinite(value)) return undefined;
  return { value, unit: match[2] as LengthUnit };
}

/** Converts a length string to points; throws on an invalid length (schemas validate first). */
export function toPoints(text: string): number {
  const parsed = parseLength(text);
  if (!parsed) throw new Error(`not a length with a unit (mm, cm, in, pt, px): ${JSON.stringify(text)}`);
  return parsed.value * POINTS_PER_UNIT[parsed.unit];
}

/** The unit of a length string ("4in" → "in"); undefined for anything that is not one. */
export function lengthUnitOf(length: unknown): LengthUnit | undefined {
  return typeof length === 'string' ? parseLength(length)?.unit : undefined;
}

export function pointsTo(points: number, unit: LengthUnit): number {
  return points / POINTS_PER_UNIT[unit];
}

export function pointsToInches(points: number): number {
  return points / 72;
}

/** Device pixels (or printer dots) for a length in points at a resolution in dots per inch. */
export function pointsToDots(points: number, dpi: number): number {
  return (points / 72) * dpi;
}
