// The side panel's History tab: the open template's published versions, publishing the draft with a note, restore, and picking two to compare.
import { useEffect, useId, useState } from 'react';
import type { EditorTemplateVersion } from '@shared/api/editorApi';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { selectIsDirty, useEditorStore } from '../../store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { publishDocument, restoreVersion } from '../editorScreen/documentActions';
import { CompareDialog } from './CompareDialog';
import { comparePair, historyRows, nextVersionLabel, toggleCompare } from './versionHistory';

export function HistoryPanel() {
  const noteId = useId();
  const info = useEditorStore((state) => state.documentInfo);
  const dirty = useEditorStore(selectIsDirty);
  const [versions, setVersions] = useState<EditorTemplateVersion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState<[number, number] | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const { id, latestVersion } = info;

  // A publish or restore changes latestVersion: the list is read again.
  useEffect(() => {
    if (id === null) return;
    let wanted = true;
    client.listVersions(id).then(
      (listed) => wanted && (setVersions(listed), setError(null)),
      (failure: unknown) => wanted && setError(describeError(failure)),
    );
    return () => {
      wanted = false;
    };
  }, [id, latestVersion]);

  const run = async (action: () => Promise<boolean>, after: () => void) => {
    setBusy(true);
    try {
      if (await action()) after();
    } finally {
      setBusy(false);
    }
  };
  const pair = comparePair(picked);
  const rows = historyRows(versions ?? [], info);
  const somethingToPublish = info.status !== 'published' || dirty || info.draftChanged;

  return (
    <div className="history-panel">
      <h2 className="panel-title">Versions</h2>
      <p className="panel-hint">
        API keys render the newest published version, never the draft.{' '}
        {somethingToPublish
          ? 'The draft has changes that are not published.'
          : 'The draft is the same as the newest version.'}
      </p>
      <div className="field">
        <label htmlFor={noteId}>Note for the next version</label>
        <input
          id={noteId}
          type="text"
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          placeholder="What changed (optional)"
        />
      </div>
      <button
        type="button"
        className="primary"
        disabled={busy || !somethingToPublish}
        onClick={() =>
          void run(
            () => publishDocument(note),
            () => setNote(''),
          )
        }
      >
        {nextVersionLabel(info)}
      </button>

      {error !== null && <p role="alert">Versions could not be read: {error}</p>}
      {versions !== null && versions.length === 0 && <p>No versions yet: the first publish makes version 1.</p>}
      {rows.length > 0 && (
        <>
          <ol className="version-list" aria-label="Versions">
            {rows.map((row) => (
              <li key={row.number} className={row.live ? 'version live' : 'version'}>
                <label className="version-pick">
                  <input
                    type="checkbox"
                    checked={picked.includes(row.number)}
                    onChange={() => setPicked((current) => toggleCompare(current, row.number))}
                  />
                  <span className="version-title">{row.title}</span>
                </label>
                <span className="version-detail">{row.detail}</span>
                {row.canRestore && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => setRestoring(row.number)}
                    aria-label={`Restore version ${row.number}`}
                  >
                    Restore
                  </button>
                )}
              </li>
            ))}
          </ol>
          <button type="button" disabled={pair === undefined} onClick={() => pair && setComparing(pair)}>
            {pair ? `Compare version ${pair[0]} with ${pair[1]}` : 'Tick two versions to compare'}
          </button>
        </>
      )}

      {comparing !== null && id !== null && (
        <CompareDialog templateId={id} pair={comparing} onClose={() => setComparing(null)} />
      )}
      {restoring !== null && (
        <ConfirmDialog
          title={`Restore version ${restoring}?`}
          message={`Its content is published again as version ${(latestVersion ?? 0) + 1} and becomes the draft${dirty ? '; your unsaved changes are lost' : ''}. The versions in between stay in the history.`}
          confirmLabel={`Restore version ${restoring}`}
          danger={dirty}
          onCancel={() => setRestoring(null)}
          onConfirm={() => {
            const number = restoring;
            setRestoring(null);
            void run(
              () => restoreVersion(number),
              () => setPicked([]),
            );
          }}
        />
      )}
    </div>
  );
}
