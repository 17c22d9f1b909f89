// The team's API keys without their secrets: prefix, mode, demo, created, last used, and revoke.
import type { EditorApiKey } from '@shared/api/editorApi';
import { TableHead } from '../../ui/TableHead';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function KeyTable({ keys, onRevoke }: { keys: readonly EditorApiKey[]; onRevoke(key: EditorApiKey): void }) {
  if (keys.length === 0) return <p className="empty-state">No API keys yet.</p>;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <TableHead caption="API keys" columns={['Name', 'Prefix', 'Mode', 'Demo', 'Created', 'Last used']} />
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
                  <button
                    type="button"
                    className="danger"
                    aria-label={`Revoke ${key.name || key.prefix}`}
                    onClick={() => onRevoke(key)}
                  >
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
