// The workspace's printers with their live status; add, edit, remove (asked first), print a test label (its outcome shown in the printer's row), each one's print history; then the virtual printers and hot folders that feed them.
import { useState } from 'react';
import type { EditorPrinter, EditorPrinterInput } from '@shared/api/editorPrinters';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore } from '../../store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useLoader } from '../../ui/useLoader';
import { PrintHistoryDialog } from '../printHistory/PrintHistoryDialog';
import { PrinterFormDialog } from './PrinterFormDialog';
import { PrinterTable, type TestOutcome } from './PrinterTable';
import { usePrinterStatuses } from './usePrinterStatuses';
import { HotFoldersSection } from './HotFoldersSection';
import { VirtualPrintersSection } from './VirtualPrintersSection';

const NO_PRINTERS: readonly EditorPrinter[] = [];

type Editing = { mode: 'add' } | { mode: 'edit'; printer: EditorPrinter };

export function PrintersSection() {
  const printers = useLoader(() => client.listPrinters(), 'printers');
  const statuses = usePrinterStatuses(printers.data ?? NO_PRINTERS);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<EditorPrinter | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  // The last test label's outcome, in its printer's row where the button was pressed.
  const [tested, setTested] = useState<TestOutcome | null>(null);
  const [history, setHistory] = useState<EditorPrinter | null>(null);
  const notice = editorStore.getState().showNotice;

  const save = async (input: EditorPrinterInput) => {
    // Refusals go back to the form, which marks the fields; only success closes it.
    const saved =
      editing?.mode === 'edit' ? await client.updatePrinter(editing.printer.id, input) : await client.addPrinter(input);
    setEditing(null);
    notice('info', editing?.mode === 'edit' ? `Printer “${saved.name}” saved.` : `Printer “${saved.name}” added.`);
    printers.reload();
  };
  const remove = async (printer: EditorPrinter) => {
    try {
      await client.removePrinter(printer.id);
      notice('info', `Printer “${printer.name}” removed.`);
    } catch (error) {
      notice('error', `Not removed: ${describeError(error)}`);
    } finally {
      printers.reload();
    }
  };
  const test = async (printer: EditorPrinter) => {
    setTesting(printer.id);
    setTested(null);
    try {
      const result = await client.printTestLabel(printer.id);
      setTested({
        printerId: printer.id,
        failed: false,
        message: `Test label sent to “${printer.name}” (${result.bytes} bytes of ${result.format.toUpperCase()}).`,
      });
    } catch (error) {
      setTested({
        printerId: printer.id,
        failed: true,
        message: `The test label did not print on “${printer.name}”: ${describeError(error)}`,
      });
    } finally {
      setTesting(null);
    }
  };

  return (
    <section className="settings-section" aria-labelledby="printers-title">
      <h1 id="printers-title" tabIndex={-1} data-focus-fallback>
        Printers
      </h1>
      <p className="hint">
        Labels print as ZPL to network printers (port 9100) and device files, or through a system queue. The status is
        asked from each printer every few seconds while this page is open.
      </p>
      <div className="button-row">
        <button type="button" className="primary" onClick={() => setEditing({ mode: 'add' })}>
          Add printer
        </button>
      </div>
      {printers.error && (
        <p role="alert" className="error-text">
          Could not load the printers: {printers.error}
        </p>
      )}
      {printers.data && (
        <PrinterTable
          printers={printers.data}
          statuses={statuses}
          testing={testing}
          tested={tested}
          onTest={(printer) => void test(printer)}
          onEdit={(printer) => setEditing({ mode: 'edit', printer })}
          onHistory={setHistory}
          onRemove={setRemoving}
        />
      )}
      <VirtualPrintersSection printers={printers.data ?? NO_PRINTERS} />
      <HotFoldersSection printers={printers.data ?? NO_PRINTERS} />
      {history && <PrintHistoryDialog printer={history} onClose={() => setHistory(null)} />}
      {editing && (
        <PrinterFormDialog
          printer={editing.mode === 'edit' ? editing.printer : undefined}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title="Remove printer?"
          message={`“${removing.name}” will no longer be offered for printing. Labels already sent to it are not affected.`}
          confirmLabel="Remove"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const printer = removing;
            setRemoving(null);
            void remove(printer);
          }}
        />
      )}
    </section>
  );
}
