// Renames a template (its meta.name too): the name field, checked not empty.
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog';

export function RenameDialog({
  name,
  onRename,
  onCancel,
}: {
  name: string;
  onRename(name: string): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState(name);
  const trimmed = value.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onRename(trimmed);
  };
  return (
    <Dialog title="Rename template" onClose={onCancel}>
      <form onSubmit={submit} className="form-stack">
        <label className="field">
          <span>Template name</span>
          <input value={value} onChange={(event) => setValue(event.target.value)} maxLength={200} required autoFocus />
        </label>
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!trimmed}>
            Rename
          </button>
        </div>
      </form>
    </Dialog>
  );
}
