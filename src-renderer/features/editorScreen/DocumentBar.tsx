// The editor's top bar: back to the templates, the template's name and state, and save, publish, preview and print.
import { useState, type MouseEvent } from 'react';
import { selectIsDirty, useEditorStore } from '../../store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { NoticeBar } from '../../ui/NoticeBar';
import { StatusBadge } from '../../ui/StatusBadge';
import { PrintButton } from '../print/PrintButton';
import { publishDocument, saveDocument, unpublishDocument } from './documentActions';

export function DocumentBar() {
  const name = useEditorStore((state) => state.template.meta.name);
  const status = useEditorStore((state) => state.documentInfo.status);
  const draftChanged = useEditorStore((state) => state.documentInfo.draftChanged);
  const dirty = useEditorStore(selectIsDirty);
  const setSidePanel = useEditorStore((state) => state.setSidePanel);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  // Leaving with unsaved changes asks first; the browser's own back button is covered by beforeunload only on reload.
  const guard = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!dirty) return;
    event.preventDefault();
    setLeaving(event.currentTarget.getAttribute('href'));
  };

  return (
    <header className="document-bar">
      <nav aria-label="Main" className="document-nav">
        <a className="brand" href="#/" onClick={guard}>
          Labelsmith
        </a>
        <a href="#/" onClick={guard}>
          Templates
        </a>
      </nav>
      <div className="document-title">
        <h1 tabIndex={-1} data-focus-fallback>
          {name || 'Untitled label'}
        </h1>
        {status && <StatusBadge status={status} />}
        <span className={dirty ? 'save-state unsaved' : 'save-state'}>
          {dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
      </div>
      <NoticeBar />
      <div className="document-actions" role="group" aria-label="Document">
        <button
          type="button"
          className="primary"
          onClick={() => void run(saveDocument)}
          disabled={busy || !dirty}
          aria-keyshortcuts="Control+S"
          title="Save (Ctrl+S)"
        >
          {busy ? 'Saving…' : 'Save'}
        </button>
        {/* Each publish is a new version; with nothing new to publish the button rests (the history panel can still re-publish an old one). */}
        <button
          type="button"
          onClick={() => void run(() => publishDocument())}
          disabled={busy || (status === 'published' && !dirty && !draftChanged)}
          title="Publish the draft as the next version: API keys render it"
        >
          Publish
        </button>
        {status === 'published' && (
          <button type="button" onClick={() => void run(unpublishDocument)} disabled={busy}>
            Unpublish
          </button>
        )}
        <button type="button" onClick={() => setSidePanel('preview')}>
          Preview
        </button>
        <PrintButton />
        <a href="#/settings" onClick={guard}>
          Settings
        </a>
      </div>
      {leaving !== null && (
        <ConfirmDialog
          title="Leave without saving?"
          message="This label has changes that are not saved. They will be lost if you leave now."
          confirmLabel="Leave without saving"
          onCancel={() => setLeaving(null)}
          onConfirm={() => {
            setLeaving(null);
            window.location.hash = leaving;
          }}
        />
      )}
    </header>
  );
}
