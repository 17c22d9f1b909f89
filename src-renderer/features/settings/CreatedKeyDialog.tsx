// The new API key, shown this once: copy it now, it is never shown again.
import { useState } from 'react';
import type { CreatedApiKey } from '@shared/api/editorApi';
import { Dialog } from '../../ui/Dialog';

export function CreatedKeyDialog({ created, onClose }: { created: CreatedApiKey; onClose(): void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Dialog
      title="API key created"
      onClose={onClose}
      description={
        <p className="warning">
          Copy this key now: it will not be shown again. Anyone with it can render labels as your team.
        </p>
      }
    >
      <div className="form-stack">
        <label className="field">
          <span>API key</span>
          <input className="code" readOnly value={created.key} onFocus={(event) => event.currentTarget.select()} />
        </label>
        <p role="status" className="hint">
          {copied === 'yes'
            ? 'Copied to the clipboard.'
            : copied === 'failed'
              ? 'The clipboard is not available: select the key and copy it.'
              : ''}
        </p>
        <div className="dialog-actions">
          <button type="button" className="primary" onClick={() => void copy()} autoFocus>
            Copy key
          </button>
          <button type="button" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Dialog>
  );
}
