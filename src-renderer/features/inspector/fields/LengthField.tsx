// A template length ("12.5mm") edited as a number in a chosen unit; written back in the unit it already had.
import {
  formatNumber,
  lengthToPoints,
  POINTS_PER_UNIT,
  rewriteLength,
  UNIT_DECIMALS,
  type LengthUnit,
} from '../../../editor/units';
import { NumberField } from './NumberField';

export interface LengthFieldProps {
  label: string;
  value: unknown;
  /** The unit shown (the template's for positions, pt for type sizes and strokes). */
  unit: LengthUnit;
  /** Shown when the length is not set. */
  fallback?: string;
  onChange(length: string): void;
  min?: number;
  max?: number;
}

/** The length in `unit`, undefined when it cannot be read. */
export function lengthIn(value: unknown, unit: LengthUnit): number | undefined {
  const points = lengthToPoints(value);
  return points === undefined ? undefined : Number(formatNumber(points / POINTS_PER_UNIT[unit], unit));
}

const STEPS: Record<LengthUnit, number> = { mm: 0.1, cm: 0.01, in: 0.01, pt: 0.5, px: 1 };

export function LengthField({ label, value, unit, fallback, onChange, min, max }: LengthFieldProps) {
  return (
    <NumberField
      label={label}
      unit={unit}
      value={lengthIn(value ?? fallback, unit)}
      step={STEPS[unit]}
      min={min}
      max={max}
      decimals={UNIT_DECIMALS[unit]}
      onChange={(number) => onChange(rewriteLength(value, number * POINTS_PER_UNIT[unit], unit))}
    />
  );
}
