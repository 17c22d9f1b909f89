// The workspace's printers: name, kind, address, resolution, media (size and handling), time zone, live status, and their actions (test label, edit, remove).
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { KIND_NAMES, mediaHandlingText, mediaText, printerAddress } from './printerFields';
import { printerBadge, type StatusCheck } from './printerStatusBadge';

export interface PrinterTableProps {
  printers: readonly EditorPrinter[];
  statuses: ReadonlyMap<string, StatusCheck>;
  /** The printer whose test label is on its way, if any. */
  testing: string | null;
  onTest(printer: EditorPrinter): void;
  onEdit(printer: EditorPrinter): void;
  /** Opens the printer's print history (reprint, cancel). */
  onHistory(printer: EditorPrinter): void;
  onRemove(printer: EditorPrinter): void;
}

function StatusCell({ check }: { check: StatusCheck }) {
  const badge = printerBadge(check);
  return (
    <td className="printer-status">
      <span className={`badge badge-${badge.tone}`} title={badge.detail}>
        {badge.label}
      </span>
      {/* The detail for screen readers and keyboards too: a title alone is for mice. */}
      <span className="visually-hidden">: {badge.detail}</span>
    </td>
  );
}

export function PrinterTable({ printers, statuses, testing, onTest, onEdit, onHistory, onRemove }: PrinterTableProps) {
  if (printers.length === 0) return <p className="empty-state">No printers yet.</p>;
  return (
    <div className="table-scroll">
      <table className="data-table printer-table">
        <caption className="visually-hidden">Printers</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Address</th>
            <th scope="col">Resolution</th>
            <th scope="col">Media</th>
            <th scope="col">Time zone</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {printers.map((printer) => (
            <tr key={printer.id}>
              <th scope="row">{printer.name}</th>
              <td>{KIND_NAMES[printer.connection.kind]}</td>
              <td>
                <code>{printerAddress(printer.connection)}</code>
              </td>
              <td>{printer.dpi} dpi</td>
              <td>
                {mediaText(printer.media)}
                {mediaHandlingText(printer) !== '' && <div className="hint">{mediaHandlingText(printer)}</div>}
              </td>
              <td>{printer.timeZone ?? 'UTC'}</td>
              <StatusCell check={statuses.get(printer.id) ?? { status: 'checking' }} />
              <td>
                <div className="row-actions">
                  <button type="button" aria-label={`Print test label on ${printer.name}`} disabled={testing !== null} onClick={() => onTest(printer)}>
                    {testing === printer.id ? 'Printing…' : 'Print test label'}
                  </button>
                  <button type="button" aria-label={`Print history of ${printer.name}`} onClick={() => onHistory(printer)}>
                    History
                  </button>
                  <button type="button" aria-label={`Edit ${printer.name}`} onClick={() => onEdit(printer)}>
                    Edit
                  </button>
                  <button type="button" className="danger" aria-label={`Remove ${printer.name}`} onClick={() => onRemove(printer)}>
                    Remove
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
