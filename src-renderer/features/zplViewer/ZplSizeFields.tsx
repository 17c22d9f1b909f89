// The printer density and label size the ZPL is drawn (and imported) at.
import { useId } from 'react';
import { ZPL_DPMM, type ZplDpmm } from '@shared/read/zpl/zplField';
import { ZPL_VIEWER_MAX_INCHES } from '@shared/api/zplViewer';
import { dpmmName, type ZplLabelSettings } from './zplLabelSize';

export function ZplSizeFields({
  settings,
  onChange,
  problem,
}: {
  settings: ZplLabelSettings;
  onChange(settings: ZplLabelSettings): void;
  problem: string | null;
}) {
  const ids = { dpmm: useId(), width: useId(), height: useId(), problem: useId() };
  const describedBy = problem ? ids.problem : undefined;
  return (
    <fieldset className="field-group zpl-size">
      <legend>Printer and label</legend>
      <div className="field-row">
        <div className="field">
          <label htmlFor={ids.dpmm}>Print density</label>
          <select
            id={ids.dpmm}
            value={settings.dpmm}
            onChange={(event) => onChange({ ...settings, dpmm: Number(event.target.value) as ZplDpmm })}
          >
            {ZPL_DPMM.map((dpmm) => (
              <option key={dpmm} value={dpmm}>
                {dpmmName(dpmm)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.width}>Label width (in)</label>
          <input
            id={ids.width}
            inputMode="decimal"
            size={5}
            value={settings.width}
            onChange={(event) => onChange({ ...settings, width: event.target.value })}
            aria-invalid={problem?.includes('width') || undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.height}>Label height (in)</label>
          <input
            id={ids.height}
            inputMode="decimal"
            size={5}
            value={settings.height}
            onChange={(event) => onChange({ ...settings, height: event.target.value })}
            aria-invalid={problem?.includes('height') || undefined}
            aria-describedby={describedBy}
          />
        </div>
      </div>
      {problem ? (
        <p id={ids.problem} role="alert" className="error-text">
          {problem}
        </p>
      ) : (
        <p className="hint">
          Up to {ZPL_VIEWER_MAX_INCHES} in each way. ^PW and ^LL in the ZPL do not change the label: the printer’s media
          does.
        </p>
      )}
    </fieldset>
  );
}
