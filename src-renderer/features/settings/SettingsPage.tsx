// Settings: API keys, plan and usage, the server's address and LAN access, and (super admin) the shared libraries; printers have a page of their own.
import type { EditorSession } from '@shared/api/editorApi';
import { LibrariesSection } from '../libraries/LibrariesSection';
import { ApiKeysSection } from './ApiKeysSection';
import { ServerSection } from './ServerSection';
import { UsageSection } from './UsageSection';

export function SettingsPage({ session }: { session: EditorSession }) {
  return (
    <main className="page settings" aria-labelledby="settings-title">
      <div className="page-head">
        <h1 id="settings-title" tabIndex={-1} data-focus-fallback>
          Settings
        </h1>
        <p className="muted">Team: {session.teamName}</p>
      </div>
      <ApiKeysSection />
      <UsageSection />
      <ServerSection session={session} />
      {session.superAdmin && <LibrariesSection />}
    </main>
  );
}
