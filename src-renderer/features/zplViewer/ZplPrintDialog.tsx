// "Print…" on the ZPL page: the ZPL sent unchanged to a configured printer that takes ZPL, as many copies as asked.
import { useId, useState, type FormEvent } from 'react';
import type { EditorPrinter } from '../../../src-shared/api/editorPrinters';
import { PRINT_LIMITS } from '../../../src-shared/api/printRequest';
import { client } from '../../api/appClient';
import { Dialog } from '../../ui/Dialog';
import { useLoader } from '../../ui/useLoader';
import { KIND_NAMES } from '../printers/printerFields';
import { PrintProgressLine } from '../print/PrintProgressLine';
import { isPrinting, usePrintJob } from '../print/usePrintJob';

/** A system queue that is not raw converts PDF: ZPL would print as text, so the server refuses it and so does this list. */
export function takesZpl(printer: EditorPrinter): boolean {
  return printer.connection.kind !== 'system' || printer.connection.rawQueue;
}

export function ZplPrintDialog({ zpl, onClose }: { zpl: string; onClose(): void }) {
  const printers = useLoader(() => client.listPrinters(), 'zpl-print-printers');
  const [chosenPrinterId, setPrinterId] = useState<string | null>(null);
  const [copies, setCopies] = useState('1');
  const { progress, print } = usePrintJob();
  const ids = { printer: useId(), copies: useId() };
  const zplPrinters = printers.data?.filter(takesZpl) ?? [];
  const printer = zplPrinters.find((candidate) => candidate.id === chosenPrinterId) ?? zplPrinters[0];
  const copyCount = Number(copies);
  const copiesOk = Number.isInteger(copyCount) && copyCount >= 1 && copyCount <= PRINT_LIMITS.maxCopies;
  const busy = isPrinting(progress);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!printer || !copiesOk || busy) return;
    const request = { zpl, printerId: printer.id, copies: copyCount };
    print(() => client.printZpl(request));
  };

  return (
    <Dialog title="Print ZPL" onClose={onClose} description="The ZPL goes to the printer exactly as it is in the text.">
      <form className="form-stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor={ids.printer}>Printer</label>
          <select id={ids.printer} value={printer?.id ?? ''} onChange={(event) => setPrinterId(event.target.value)} disabled={zplPrinters.length === 0}>
            {zplPrinters.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} ({KIND_NAMES[candidate.connection.kind]}, {candidate.dpi} dpi)
              </option>
            ))}
          </select>
          {printers.loading && !printers.data && <span className="hint">Loading the printers…</span>}
          {printers.error && <span role="alert" className="error-text">Could not load the printers: {printers.error}</span>}
          {printers.data && zplPrinters.length === 0 && <span className="hint">No printer takes ZPL yet: add one in Settings › Printers.</span>}
        </div>
        <div className="field">
          <label htmlFor={ids.copies}>Copies</label>
          <input id={ids.copies} type="number" min={1} max={PRINT_LIMITS.maxCopies} step={1} value={copies} onChange={(event) => setCopies(event.target.value)} aria-invalid={!copiesOk || undefined} />
        </div>
        <PrintProgressLine progress={progress} printerName={printer?.name ?? 'the printer'} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="primary" disabled={!printer || !copiesOk || busy}>
            {busy ? 'Printing…' : 'Print'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
