// A number in a field: live while typing (one undo step per visit), shown rounded, with its unit beside it.
import { useId, useState, type KeyboardEvent } from 'react';
import { useGestureEdit } from './useGestureEdit';

export interface NumberFieldProps {
  label: string;
  value: number | undefined;
  onChange(value: number): void;
  /** Shown after the field and read as its description ("mm", "pt", "°"). */
  unit?: string;
  step?: number;
  min?: number;
  max?: number;
  /** Decimals shown (the value itself is kept as it is). */
  decimals?: number;
  placeholder?: string;
}

export function NumberField({
  label,
  value,
  onChange,
  unit,
  step = 1,
  min,
  max,
  decimals = 2,
  placeholder,
}: NumberFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const gesture = useGestureEdit();
  const inputId = useId();
  const unitId = useId();
  const shown =
    draft ?? (value === undefined || !Number.isFinite(value) ? '' : String(Number(value.toFixed(decimals))));
  const inRange = (number: number) => (min === undefined || number >= min) && (max === undefined || number <= max);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      gesture.commit();
      setDraft(null);
    } else if (event.key === 'Escape') {
      gesture.cancel();
      setDraft(null);
    }
  };
  return (
    <div className="field">
      {/* The unit stays outside the label: the field's name is just "Width", its unit is its description. */}
      <label htmlFor={inputId}>{label}</label>
      <span className="input-with-unit">
        <input
          id={inputId}
          type="number"
          inputMode="decimal"
          value={shown}
          step={step}
          min={min}
          max={max}
          placeholder={placeholder}
          aria-describedby={unit ? unitId : undefined}
          aria-invalid={
            draft !== null && draft !== '' && !(Number.isFinite(Number(draft)) && inRange(Number(draft)))
              ? true
              : undefined
          }
          onChange={(event) => {
            setDraft(event.target.value);
            const number = event.target.valueAsNumber;
            if (Number.isFinite(number) && inRange(number)) gesture.change(() => onChange(number));
          }}
          onBlur={() => {
            setDraft(null);
            gesture.commit();
          }}
          onKeyDown={onKeyDown}
        />
        {unit && (
          <span id={unitId} className="unit">
            {unit}
          </span>
        )}
      </span>
    </div>
  );
}
