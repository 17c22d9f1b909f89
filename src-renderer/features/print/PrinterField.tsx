// The print dialogs' printer field: the configured printers that can take the job, the first one until another is chosen,
// with the media handling the job will set on it.
import { useId, useState } from 'react';
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { client } from '../../api/appClient';
import { useLoader, type Loaded } from '../../ui/useLoader';
import { KIND_NAMES, mediaHandlingText } from '../printers/printerFields';

export interface PrinterChoice {
  printers: Loaded<EditorPrinter[]>;
  /** The printers offered: those `accepts` lets through. */
  choices: EditorPrinter[];
  /** The chosen printer, else the first offered; undefined when none is. */
  printer: EditorPrinter | undefined;
  choose(printerId: string): void;
}

export function usePrinterChoice(accepts: (printer: EditorPrinter) => boolean = () => true): PrinterChoice {
  const printers = useLoader(() => client.listPrinters(), 'print-dialog-printers');
  const [chosenId, choose] = useState<string | null>(null);
  const choices = printers.data?.filter(accepts) ?? [];
  const printer = choices.find((candidate) => candidate.id === chosenId) ?? choices[0];
  return { printers, choices, printer, choose };
}

/** `noneHint`: what to do when no printer is offered (say where printers are added). */
export function PrinterField({ choice, noneHint }: { choice: PrinterChoice; noneHint: string }) {
  const id = useId();
  const { printers, choices, printer, choose } = choice;
  const handling = printer ? mediaHandlingText(printer) : '';
  return (
    <div className="field">
      <label htmlFor={id}>Printer</label>
      <select
        id={id}
        value={printer?.id ?? ''}
        onChange={(event) => choose(event.target.value)}
        disabled={choices.length === 0}
      >
        {choices.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name} ({KIND_NAMES[candidate.connection.kind]}, {candidate.dpi} dpi)
          </option>
        ))}
      </select>
      {handling !== '' && <span className="hint">Media: {handling}</span>}
      {printers.loading && !printers.data && <span className="hint">Loading the printers…</span>}
      {printers.error && (
        <span role="alert" className="error-text">
          Could not load the printers: {printers.error}
        </span>
      )}
      {printers.data && choices.length === 0 && <span className="hint">{noneHint}</span>}
    </div>
  );
}
