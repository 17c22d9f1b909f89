// The workspace's hot folders on the Printers page: folders the server watches and prints what is dropped in them; add, edit, switch off and on, remove (asked first), each one's problem shown.
import { useState } from 'react';
import type { EditorHotFolder, EditorHotFolderInput, EditorPrinter } from '@shared/api/editorPrinters';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore } from '../../store';
import { useLoader } from '../../ui/useLoader';
import { HotFolderFormDialog } from './HotFolderFormDialog';
import { ListSection } from './ListSection';
import { EditRemoveCell, useConfirmedRemoval } from './rowActions';

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
  const removal = useConfirmedRemoval<EditorHotFolder>({
    title: 'Remove hot folder?',
    message: (hotFolder) =>
      `${hotFolder.folder} is no longer watched. Its files, done/ and failed/ stay where they are.`,
    remove: async (hotFolder) => {
      await client.removeHotFolder(hotFolder.id);
      return `Hot folder ${hotFolder.folder} removed; its files stay where they are.`;
    },
    then: hotFolders.reload,
  });

  return (
    <ListSection
      title="Hot folders"
      hint={
        <>
          Labelsmith prints each file dropped in these folders once, then moves it to <code>done/</code> (or to{' '}
          <code>failed/</code> with the reason in a <code>.error.txt</code>). Also <code>labelsmith watch</code>.
        </>
      }
      addLabel="Add hot folder"
      addDisabled={printers.length === 0}
      onAdd={() => setEditing({ mode: 'add' })}
      items={hotFolders}
      columns={['Folder', 'Prints on', 'Template', 'Watched']}
      row={(hotFolder) => (
        <>
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
          <EditRemoveCell
            what={`hot folder ${hotFolder.folder}`}
            onEdit={() => setEditing({ mode: 'edit', hotFolder })}
            onRemove={() => removal.ask(hotFolder)}
          />
        </>
      )}
    >
      {editing && (
        <HotFolderFormDialog
          hotFolder={editing.mode === 'edit' ? editing.hotFolder : undefined}
          printers={printers}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {removal.dialog}
    </ListSection>
  );
}
