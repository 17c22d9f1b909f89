// The workspace's virtual printers on the Printers page: where each takes ZPL from old systems and which printers its labels go to; add, edit, remove (asked first).
import { useState } from 'react';
import type { EditorPrinter, EditorVirtualPrinter, EditorVirtualPrinterInput } from '@shared/api/editorPrinters';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore } from '../../store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useLoader } from '../../ui/useLoader';
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
  const [removing, setRemoving] = useState<EditorVirtualPrinter | null>(null);
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
  const remove = async (virtual: EditorVirtualPrinter) => {
    try {
      await client.removeVirtualPrinter(virtual.id);
      notice('info', `Virtual printer “${virtual.name}” removed.`);
    } catch (error) {
      notice('error', `Not removed: ${describeError(error)}`);
    } finally {
      virtualPrinters.reload();
    }
  };

  const rows = virtualPrinters.data ?? [];
  return (
    <>
      <h2>Virtual printers</h2>
      <p className="hint">
        Old systems print ZPL to these ports as to a Zebra printer; each label becomes a print job of the printers
        listed (see its print history). A label written for another resolution than its printer’s is laid out again for
        it. Also <code>labelsmith printer add --kind virtual</code>.
      </p>
      <div className="button-row">
        <button type="button" onClick={() => setEditing({ mode: 'add' })}>
          Add virtual printer
        </button>
      </div>
      {virtualPrinters.error && (
        <p role="alert" className="error-text">
          Could not load the virtual printers: {virtualPrinters.error}
        </p>
      )}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Virtual printers</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Listens on</th>
                <th scope="col">Prints on</th>
                <th scope="col">Written for</th>
                <th scope="col">Clients allowed</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((virtual) => (
                <tr key={virtual.id}>
                  <th scope="row">{virtual.name}</th>
                  <td>{virtual.listen}</td>
                  <td>{routesText(virtual)}</td>
                  <td>{virtual.dpi === null ? 'the printer’s resolution' : `${virtual.dpi} dpi`}</td>
                  <td>{virtual.allowedClients.length === 0 ? 'this machine' : virtual.allowedClients.join(', ')}</td>
                  <td>
                    <div className="row-actions">
                      <button
                        type="button"
                        aria-label={`Edit virtual printer ${virtual.name}`}
                        onClick={() => setEditing({ mode: 'edit', virtual })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="danger"
                        aria-label={`Remove virtual printer ${virtual.name}`}
                        onClick={() => setRemoving(virtual)}
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
        <VirtualPrinterFormDialog
          virtual={editing.mode === 'edit' ? editing.virtual : undefined}
          printers={printers}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title="Remove virtual printer?"
          message={`“${removing.name}” stops taking ZPL on ${removing.listen}. Labels already received are not affected.`}
          confirmLabel="Remove"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const virtual = removing;
            setRemoving(null);
            void remove(virtual);
          }}
        />
      )}
    </>
  );
}
