// API keys of the workspace team: create (shown once), list, revoke (asked first).
import { useState } from 'react';
import type { CreatedApiKey, EditorApiKey } from '@shared/api/editorApi';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore } from '../../store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useLoader } from '../../ui/useLoader';
import { CreatedKeyDialog } from './CreatedKeyDialog';
import { CreateKeyForm, type NewKey } from './CreateKeyForm';
import { KeyTable } from './KeyTable';

export function ApiKeysSection() {
  const keys = useLoader(() => client.listKeys(), 'keys');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<EditorApiKey | null>(null);
  const create = async (key: NewKey): Promise<boolean> => {
    setBusy(true);
    try {
      setCreated(await client.createKey({ mode: key.mode, demo: key.demo, ...(key.name && { name: key.name }) }));
      keys.reload();
      return true;
    } catch (error) {
      editorStore.getState().showNotice('error', `No key created: ${describeError(error)}`);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (key: EditorApiKey) => {
    try {
      await client.revokeKey(key.id);
      editorStore.getState().showNotice('info', `Revoked ${key.name || key.prefix}: it stops working at once.`);
    } catch (error) {
      editorStore.getState().showNotice('error', `Not revoked: ${describeError(error)}`);
    } finally {
      keys.reload();
    }
  };
  return (
    <section className="settings-section" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <p className="hint">
        Programs render labels with <code>Authorization: Bearer &lt;key&gt;</code>. Test keys are not counted; demo keys
        render library templates only.
      </p>
      <CreateKeyForm onCreate={create} busy={busy} />
      {keys.error && (
        <p role="alert" className="error-text">
          Could not load the keys: {keys.error}
        </p>
      )}
      {keys.data && <KeyTable keys={keys.data} onRevoke={setRevoking} />}
      {created && <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <ConfirmDialog
          title="Revoke API key?"
          message={`Programs using ${revoking.name || revoking.prefix} (${revoking.prefix}…) will be refused from now on. This cannot be undone.`}
          confirmLabel="Revoke"
          onCancel={() => setRevoking(null)}
          onConfirm={() => {
            const key = revoking;
            setRevoking(null);
            void revoke(key);
          }}
        />
      )}
    </section>
  );
}
