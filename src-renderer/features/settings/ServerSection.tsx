// Where the server listens, whether other computers may reach it, and whether the ZPL viewer needs a key (stored for the next start of the server).
import { useState, type FormEvent } from 'react';
import type { EditorSession, EditorSettings } from '@shared/api/editorApi';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { parseTags } from '../inspector/fontChoices';
import { useLoader } from '../../ui/useLoader';

export function ServerSection({ session }: { session: EditorSession }) {
  const loaded = useLoader(() => client.getSettings(), 'settings');
  const [saved, setSaved] = useState<EditorSettings | null>(null);
  const [hostnames, setHostnames] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const settings = saved ?? loaded.data;
  const save = async (change: { lanAccess: boolean; allowedHostnames?: string[]; viewerWithoutKey?: boolean }) => {
    setError(null);
    const before = settings;
    // The switch moves at once; it moves back if the server refuses.
    if (before) setSaved({ ...before, ...change });
    try {
      setSaved(await client.saveSettings(change));
      setHostnames(null);
    } catch (failure) {
      if (before) setSaved(before);
      setError(describeError(failure));
    }
  };
  const submitHostnames = (event: FormEvent) => {
    event.preventDefault();
    if (settings)
      void save({
        lanAccess: settings.lanAccess,
        allowedHostnames: parseTags(hostnames ?? settings.allowedHostnames.join(', ')),
      });
  };
  return (
    <section className="settings-section" aria-labelledby="server-title">
      <h2 id="server-title">Server</h2>
      <dl className="facts">
        <div>
          <dt>Address</dt>
          <dd>
            <code>{session.serverUrl}</code>
          </dd>
        </div>
        <div>
          <dt>Listening on</dt>
          <dd>
            <code>
              {session.host}:{session.port}
            </code>
          </dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{session.version}</dd>
        </div>
      </dl>
      {loaded.error && (
        <p role="alert" className="error-text">
          Could not load the server settings: {loaded.error}
        </p>
      )}
      {settings && (
        <>
          <label className="field field-checkbox switch">
            <input
              type="checkbox"
              role="switch"
              checked={settings.lanAccess}
              onChange={(event) => void save({ lanAccess: event.target.checked })}
              aria-describedby="lan-warning"
            />
            <span>Allow LAN access</span>
          </label>
          <p id="lan-warning" className="warning">
            Other computers on your network can then reach the render API with a valid API key; only do this on a
            network you trust.
          </p>
          <label className="field field-checkbox switch">
            <input
              type="checkbox"
              role="switch"
              checked={settings.viewerWithoutKey}
              onChange={(event) => void save({ lanAccess: settings.lanAccess, viewerWithoutKey: event.target.checked })}
              aria-describedby="viewer-without-key-hint"
            />
            <span>ZPL viewer without an API key</span>
          </label>
          <p id="viewer-without-key-hint" className="hint">
            Labelary clients send no key: with this on, the viewer (<code>/v1/printers/…/labels/…</code>) alone answers
            them, limited to 120 requests a minute per computer and counted against no team. Who can reach it follows
            LAN access.
          </p>
          <form className="field-row" onSubmit={submitHostnames}>
            <label className="field grow">
              <span>Allowed host names</span>
              <input
                value={hostnames ?? settings.allowedHostnames.join(', ')}
                onChange={(event) => setHostnames(event.target.value)}
                placeholder="labels.example.org, printserver"
              />
            </label>
            <button type="submit">Save host names</button>
          </form>
          <p className="hint">
            Names other computers use to reach this server, besides its addresses (separate them with commas).
          </p>
          {settings.restartRequired && (
            <p role="status" className="notice-box">
              Restart required: the server uses these settings after <code>labelsmith serve</code> (or the app) is
              restarted.
            </p>
          )}
        </>
      )}
      {error && (
        <p role="alert" className="error-text">
          Not saved: {error}
        </p>
      )}
    </section>
  );
}
