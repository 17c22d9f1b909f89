// The counter control: a serial number's name, start, step, digits, prefix and scope, written as the counter() expression; and the value the next label shows.
import { useStore } from 'zustand';
import { nextCountersStore } from '../../editor/nextCountersStore';
import { useEditorStore } from '../../store';
import { counterExpression, counterName, nextCounterText, type CounterSetup } from './counterContent';
import { CheckboxField } from './fields/CheckboxField';
import { NumberField } from './fields/NumberField';
import { TextField } from './fields/TextField';

export function CounterFields({ setup, onChange }: { setup: CounterSetup; onChange(source: string): void }) {
  const slug = useEditorStore((state) => state.documentInfo.slug);
  const next = useStore(nextCountersStore, (state) => state.values[counterName(setup, slug)]);
  const write = (change: Partial<CounterSetup>) => onChange(counterExpression({ ...setup, ...change }, slug));
  return (
    <div className="form-stack counter-fields">
      <TextField
        label="Counter name"
        value={setup.name}
        onChange={(name) => name.trim() !== '' && write({ name: name.trim() })}
      />
      <div className="field-row">
        <NumberField
          label="Start"
          value={setup.start}
          min={0}
          decimals={0}
          onChange={(start) => write({ start: Math.round(start) })}
        />
        <NumberField
          label="Step"
          value={setup.step}
          min={1}
          decimals={0}
          onChange={(step) => write({ step: Math.round(step) })}
        />
        <NumberField
          label="Digits"
          value={setup.pad}
          min={0}
          max={20}
          decimals={0}
          onChange={(pad) => write({ pad: Math.round(pad) })}
        />
      </div>
      <TextField label="Prefix" value={setup.prefix} onChange={(prefix) => write({ prefix })} />
      <CheckboxField
        label={slug ? 'Counted for this template only' : 'Counted for this template only (save the template first)'}
        checked={setup.perTemplate}
        disabled={!slug}
        onChange={(perTemplate) => write({ perTemplate })}
      />
      <p className="hint" role="status">
        Next label: <strong>{nextCounterText(setup, next)}</strong>
        {next !== undefined && next > setup.start
          ? ` (the team has printed up to ${nextCounterText(setup, next - setup.step)})`
          : ''}
        . Each printed label takes the next value; the canvas, the preview and the printer show the same one.
      </p>
    </div>
  );
}
