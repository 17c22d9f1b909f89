// The workspace's hot folders on the Printers page: folders the server watches and prints what is dropped in them; add, edit, switch off and on, remove (asked first), each one's problem shown.
import { useState } from 'react';
import type { EditorHotFolder, EditorHotFolderInput, EditorPrinter } from '@shared/api/editorPrinters';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore } from '../../store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useLoader } from '../../ui/useLoader';
import { HotFolderFormDialog } from './HotFolderFormDialog';

type Editing = { mode: 'add' } | { mode: 'edit'; hotFolder: EditorHotFolder };

const inputOf = (hotFolder: EditorHotFolder): EditorHotFolderInput => ({
  folder: hotFolder.folder,
  printerId: hotFolder.printerId,
  templateSlug: hotFolder.templateSlug,
  enabled: hotFolder.enabled,
});

export function HotFoldersSection({ printers }: { printers: readonly EditorPrinter[] }) {
  const hotFolders = useLoader(() => client.listHotFolders(), 'hot folders');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<EditorHotFolder | null>(null);
  const notice = editorStore.getState().showNotice;

  const save = async (input: EditorHotFolderInput) => {
    if (editing?.mode === 'edit') await client.updateHotFolder(editing.hotFolder.id, input);
    else await client.addHotFolder(input);
    setEditing(null);
    notice('info', `Hot folder ${input.folder} saved${input.enabled ? ': it is watched within a few seconds' : ''}.`);
    hotFolders.reload();
  };
  const switchTo = async (hotFolder: EditorHotFolder, enabled: boolean) => {
    try {
      await client.updateHotFolder(hotFolder.id, { ...inputOf(hotFolder), enabled });
    } catch (error) {
      notice('error', `Not changed: ${describeError(error)}`);
    } finally {
      hotFolders.reload();
    }
  };
  const remove = async (hotFolder: EditorHotFolder) => {
    try {
      await client.removeHotFolder(hotFolder.id);
      notice('info', `Hot folder ${hotFolder.folder} removed; its files stay where they are.`);
    } catch (error) {
      notice('error', `Not removed: ${describeError(error)}`);
    } finally {
      hotFolders.reload();
    }
  };

  const rows = hotFolders.data ?? [];
  return (
    <>
      <h2>Hot folders</h2>
      <p className="hint">
        Labelsmith prints each file dropped in these folders once, then moves it to <code>done/</code> (or to{' '}
        <code>failed/</code> with the reason in a <code>.error.txt</code>). Also <code>labelsmith watch</code>.
      </p>
      <div className="button-row">
        <button type="button" onClick={() => setEditing({ mode: 'add' })} disabled={printers.length === 0}>
          Add hot folder
        </button>
      </div>
      {hotFolders.error && (
        <p role="alert" className="error-text">
          Could not load the hot folders: {hotFolders.error}
        </p>
      )}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Hot folders</caption>
            <thead>
              <tr>
                <th scope="col">Folder</th>
                <th scope="col">Prints on</th>
                <th scope="col">Template</th>
                <th scope="col">Watched</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((hotFolder) => (
                <tr key={hotFolder.id}>
                  <th scope="row">
                    <code>{hotFolder.folder}</code>
                    {hotFolder.problem && (
                      <p className="error-text">
                        {hotFolder.problem.message} ({hotFolder.problem.code})
                      </p>
                    )}
                  </th>
                  <td>{hotFolder.printer ?? 'a removed printer'}</td>
                  <td>{hotFolder.templateSlug ?? 'named by each file'}</td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Watch ${hotFolder.folder}`}
                      checked={hotFolder.enabled}
                      onChange={(event) => void switchTo(hotFolder, event.target.checked)}
                    />
                  </td>
                  <td>
                    <div className="row-actions">
                      <button
                        type="button"
                        aria-label={`Edit hot folder ${hotFolder.folder}`}
                        onClick={() => setEditing({ mode: 'edit', hotFolder })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="danger"
                        aria-label={`Remove hot folder ${hotFolder.folder}`}
                        onClick={() => setRemoving(hotFolder)}
                      >
                        Remove
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <HotFolderFormDialog
          hotFolder={editing.mode === 'edit' ? editing.hotFolder : undefined}
          printers={printers}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title="Remove hot folder?"
          message={`${removing.folder} is no longer watched. Its files, done/ and failed/ stay where they are.`}
          confirmLabel="Remove"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const hotFolder = removing;
            setRemoving(null);
            void remove(hotFolder);
          }}
        />
      )}
    </>
  );
}
