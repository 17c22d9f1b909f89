// The team's API keys without their secrets: prefix, mode, demo, created, last used, and revoke.
import type { EditorApiKey } from '@shared/api/editorApi';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function KeyTable({ keys, onRevoke }: { keys: readonly EditorApiKey[]; onRevoke(key: EditorApiKey): void }) {
  if (keys.length === 0) return <p className="empty-state">No API keys yet.</p>;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Prefix</th>
            <th scope="col">Mode</th>
            <th scope="col">Demo</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} className={key.revokedAt ? 'revoked' : undefined}>
              <th scope="row">{key.name || <span className="muted">(no name)</span>}</th>
              <td>
                <code>{key.prefix}…</code>
              </td>
              <td>{key.mode === 'live' ? 'Live' : 'Test'}</td>
              <td>{key.demo ? 'Yes' : 'No'}</td>
              <td>{when.format(key.createdAt)}</td>
              <td>{key.lastUsedAt ? when.format(key.lastUsedAt) : 'Never'}</td>
              <td>
                {key.revokedAt ? (
                  <span className="muted">Revoked {when.format(key.revokedAt)}</span>
                ) : (
                  <button type="button" className="danger" aria-label={`Revoke ${key.name || key.prefix}`} onClick={() => onRevoke(key)}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
