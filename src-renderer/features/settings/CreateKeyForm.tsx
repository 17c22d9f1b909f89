// A new API key: live or test, optionally a demo key (library templates only), with a name to tell it apart.
import { useState, type FormEvent, useId } from 'react';

export interface NewKey {
  mode: 'live' | 'test';
  demo: boolean;
  name: string;
}

/** `onCreate` resolves true once the key is made: the name is cleared for the next one (a refused key keeps it to retry). */
export function CreateKeyForm({ onCreate, busy }: { onCreate(key: NewKey): Promise<boolean>; busy: boolean }) {
  const selectId = useId();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'live' | 'test'>('test');
  const [demo, setDemo] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onCreate({ mode, demo, name: name.trim() }).then((made) => made && setName(''));
  };
  return (
    <form className="field-row create-key" onSubmit={submit} aria-label="Create an API key">
      <label className="field">
        <span>Key name</span>
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={200}
          placeholder="e.g. Warehouse WMS"
        />
      </label>
      <div className="field">
        <label htmlFor={`${selectId}-1`}>Mode</label>
        <select
          id={`${selectId}-1`}
          value={mode}
          onChange={(event) => setMode(event.target.value === 'live' ? 'live' : 'test')}
        >
          <option value="test">Test (not counted)</option>
          <option value="live">Live (counts against the quota)</option>
        </select>
      </div>
      <label className="field field-checkbox">
        <input type="checkbox" checked={demo} onChange={(event) => setDemo(event.target.checked)} />
        <span>Demo key</span>
      </label>
      <button type="submit" className="primary" disabled={busy}>
        Create key
      </button>
    </form>
  );
}
