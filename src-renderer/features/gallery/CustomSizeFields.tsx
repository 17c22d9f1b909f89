// Width, height and unit of a label that is not in the stock list.
import { useId } from 'react';
import { maxSide, type TemplateUnit } from './stockTemplates';

export interface CustomSize {
  width: string;
  height: string;
  unit: TemplateUnit;
}

export function CustomSizeFields({ size, onChange }: { size: CustomSize; onChange(size: CustomSize): void }) {
  const selectId = useId();
  const step = size.unit === 'mm' ? 0.1 : 0.01;
  return (
    <div className="field-row custom-size">
      <label className="field">
        <span>Label width</span>
        <input
          type="number"
          min={step}
          max={maxSide(size.unit)}
          step={step}
          value={size.width}
          onChange={(event) => onChange({ ...size, width: event.target.value })}
        />
      </label>
      <label className="field">
        <span>Label height</span>
        <input
          type="number"
          min={step}
          max={maxSide(size.unit)}
          step={step}
          value={size.height}
          onChange={(event) => onChange({ ...size, height: event.target.value })}
        />
      </label>
      <div className="field">
        <label htmlFor={`${selectId}-1`}>Unit</label>
        <select
          id={`${selectId}-1`}
          value={size.unit}
          onChange={(event) => onChange({ ...size, unit: event.target.value === 'in' ? 'in' : 'mm' })}
        >
          <option value="mm">mm</option>
          <option value="in">in</option>
        </select>
      </div>
    </div>
  );
}
