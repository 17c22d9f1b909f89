// The workspace's virtual printers on the Printers page: where each takes ZPL from old systems and which printers its labels go to; add, edit, remove (asked first).
import { useState } from 'react';
import type { EditorPrinter, EditorVirtualPrinter, EditorVirtualPrinterInput } from '@shared/api/editorPrinters';
import { client } from '../../api/appClient';
import { editorStore } from '../../store';
import { useLoader } from '../../ui/useLoader';
import { ListSection } from './ListSection';
import { EditRemoveCell, useConfirmedRemoval } from './rowActions';
import { VirtualPrinterFormDialog } from './VirtualPrinterFormDialog';

const POOL_NAMES = { failover: 'the first ready one', 'round-robin': 'each in turn' } as const;

function routesText(virtual: EditorVirtualPrinter): string {
  const routes = virtual.routes.join(', ');
  return virtual.routes.length > 1 ? `${routes} (${POOL_NAMES[virtual.pool]})` : routes;
}

type Editing = { mode: 'add' } | { mode: 'edit'; virtual: EditorVirtualPrinter };

export function VirtualPrintersSection({ printers }: { printers: readonly EditorPrinter[] }) {
  const virtualPrinters = useLoader(() => client.listVirtualPrinters(), 'virtual printers');
  const [editing, setEditing] = useState<Editing | null>(null);
  const notice = editorStore.getState().showNotice;

  const save = async (input: EditorVirtualPrinterInput) => {
    // Refusals go back to the form, which marks the fields; only success closes it.
    const saved =
      editing?.mode === 'edit'
        ? await client.updateVirtualPrinter(editing.virtual.id, input)
        : await client.addVirtualPrinter(input);
    setEditing(null);
    notice('info', `Virtual printer “${saved.name}” saved: it listens on ${saved.listen} within a few seconds.`);
    virtualPrinters.reload();
  };
  const removal = useConfirmedRemoval<EditorVirtualPrinter>({
    title: 'Remove virtual printer?',
    message: (virtual) =>
      `“${virtual.name}” stops taking ZPL on ${virtual.listen}. Labels already received are not affected.`,
    remove: async (virtual) => {
      await client.removeVirtualPrinter(virtual.id);
      return `Virtual printer “${virtual.name}” removed.`;
    },
    then: virtualPrinters.reload,
  });

  return (
    <ListSection
      title="Virtual printers"
      hint={
        <>
          Old systems print ZPL to these ports as to a Zebra printer; each label becomes a print job of the printers
          listed (see its print history). A label written for another resolution than its printer’s is laid out again
          for it. Also <code>labelsmith printer add --kind virtual</code>.
        </>
      }
      addLabel="Add virtual printer"
      onAdd={() => setEditing({ mode: 'add' })}
      items={virtualPrinters}
      columns={['Name', 'Listens on', 'Prints on', 'Written for', 'Clients allowed']}
      row={(virtual) => (
        <>
          <th scope="row">{virtual.name}</th>
          <td>{virtual.listen}</td>
          <td>{routesText(virtual)}</td>
          <td>{virtual.dpi === null ? 'the printer’s resolution' : `${virtual.dpi} dpi`}</td>
          <td>{virtual.allowedClients.length === 0 ? 'this machine' : virtual.allowedClients.join(', ')}</td>
          <EditRemoveCell
            what={`virtual printer ${virtual.name}`}
            onEdit={() => setEditing({ mode: 'edit', virtual })}
            onRemove={() => removal.ask(virtual)}
          />
        </>
      )}
    >
      {editing && (
        <VirtualPrinterFormDialog
          virtual={editing.mode === 'edit' ? editing.virtual : undefined}
          printers={printers}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {removal.dialog}
    </ListSection>
  );
}
