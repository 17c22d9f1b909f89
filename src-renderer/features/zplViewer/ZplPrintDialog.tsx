// "Print…" on the ZPL page: the ZPL sent unchanged to a configured printer that takes ZPL, as many copies as asked.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { PRINT_LIMITS } from '@shared/api/printRequest';
import { client } from '../../api/appClient';
import { Dialog } from '../../ui/Dialog';
import { PrinterField, usePrinterChoice } from '../print/PrinterField';
import { PrintProgressLine } from '../print/PrintProgressLine';
import { isPrinting, usePrintJob } from '../print/usePrintJob';

/** A system queue that is not raw converts PDF: ZPL would print as text, so the server refuses it and so does this list. */
export function takesZpl(printer: EditorPrinter): boolean {
  return printer.connection.kind !== 'system' || printer.connection.rawQueue;
}

export function ZplPrintDialog({ zpl, onClose }: { zpl: string; onClose(): void }) {
  const printerChoice = usePrinterChoice(takesZpl);
  const { printer } = printerChoice;
  const [copies, setCopies] = useState('1');
  const { progress, print, forget, cancel } = usePrintJob();
  // The last print's outcome is about the printer it went to.
  useEffect(() => forget(), [forget, printer?.id]);
  const copiesId = useId();
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
        <PrinterField choice={printerChoice} noneHint="No printer takes ZPL yet: add one on the Printers page." />
        <div className="field">
          <label htmlFor={copiesId}>Copies</label>
          <input
            id={copiesId}
            type="number"
            min={1}
            max={PRINT_LIMITS.maxCopies}
            step={1}
            value={copies}
            onChange={(event) => setCopies(event.target.value)}
            aria-invalid={!copiesOk || undefined}
          />
        </div>
        <PrintProgressLine progress={progress} printerName={printer?.name ?? 'the printer'} onCancel={cancel} />
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
