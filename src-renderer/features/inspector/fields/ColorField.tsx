// A #rrggbb colour, optionally with "none" (no stroke, no fill): the picker is live while it is open, one undo step per visit.
import { useGestureEdit } from './useGestureEdit';

export interface ColorFieldProps {
  label: string;
  /** '#rrggbb', 'none' or undefined (the default). */
  value: string | undefined;
  fallback: string;
  onChange(value: string): void;
  /** The "none" checkbox's label ("No fill"); without it the colour cannot be none. */
  noneLabel?: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

export function ColorField({ label, value, fallback, onChange, noneLabel }: ColorFieldProps) {
  const gesture = useGestureEdit();
  const none = value === 'none';
  const colour = value !== undefined && HEX.test(value) ? value : HEX.test(fallback) ? fallback : '#000000';
  return (
    <div className="field-row color-row">
      <label className="field field-color">
        <span>{label}</span>
        <input
          type="color"
          value={colour}
          disabled={none}
          onChange={(event) => gesture.change(() => onChange(event.target.value))}
          onBlur={() => gesture.commit()}
        />
      </label>
      {noneLabel && (
        <label className="field field-checkbox">
          <input
            type="checkbox"
            checked={none}
            onChange={(event) => onChange(event.target.checked ? 'none' : colour)}
          />
          <span>{noneLabel}</span>
        </label>
      )}
    </div>
  );
}
