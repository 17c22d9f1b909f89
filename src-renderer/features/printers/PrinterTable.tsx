// The workspace's printers: name, kind, address, resolution, media (size and handling), time zone, live status, and their actions (test label, edit, remove).
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { KIND_NAMES, mediaHandlingText, mediaText, printerAddress } from './printerFields';
import { printerBadge, type StatusCheck } from './printerStatusBadge';
import { TableHead } from '../../ui/TableHead';

/** What a test label did, shown in its printer's row. */
export interface TestOutcome {
  printerId: string;
  failed: boolean;
  message: string;
}

export interface PrinterTableProps {
  printers: readonly EditorPrinter[];
  statuses: ReadonlyMap<string, StatusCheck>;
  /** The printer whose test label is on its way, if any. */
  testing: string | null;
  tested: TestOutcome | null;
  onTest(printer: EditorPrinter): void;
  onEdit(printer: EditorPrinter): void;
  /** Opens the printer's print history (reprint, cancel). */
  onHistory(printer: EditorPrinter): void;
  onRemove(printer: EditorPrinter): void;
}

/** The badge, and below it why, when the printer is not simply ready: said in the row, not only in a tooltip. */
function StatusCell({ check }: { check: StatusCheck }) {
  const badge = printerBadge(check);
  return (
    <td className="printer-status">
      <span className={`badge badge-${badge.tone}`}>{badge.label}</span>
      {badge.tone === 'ok' ? (
        <span className="visually-hidden">: {badge.detail}</span>
      ) : (
        <div className="hint printer-status-detail">{badge.detail}</div>
      )}
    </td>
  );
}

/**
 * One row a printer, in columns narrow enough for a 1024-pixel window: the kind and address under the name, the media
 * handling and time zone under the media, the status's reason under its badge, the actions wrapping in their cell.
 */
export function PrinterTable({
  printers,
  statuses,
  testing,
  tested,
  onTest,
  onEdit,
  onHistory,
  onRemove,
}: PrinterTableProps) {
  if (printers.length === 0) return <p className="empty-state">No printers yet.</p>;
  return (
    <table className="data-table printer-table">
      <TableHead caption="Printers" columns={['Name', 'Resolution', 'Media', 'Status']} />
      <tbody>
        {printers.map((printer) => (
          <tr key={printer.id}>
            {/* Named by the printer alone: the kind and address under it are details of the row. */}
            <th scope="row" aria-label={printer.name}>
              {printer.name}
              <div className="hint">
                {KIND_NAMES[printer.connection.kind]} · <code>{printerAddress(printer.connection)}</code>
              </div>
            </th>
            <td>{printer.dpi} dpi</td>
            <td>
              {mediaText(printer.media)}
              {mediaHandlingText(printer) !== '' && <div className="hint">{mediaHandlingText(printer)}</div>}
              <div className="hint">Time zone {printer.timeZone ?? 'UTC'}</div>
            </td>
            <StatusCell check={statuses.get(printer.id) ?? { status: 'checking' }} />
            <td>
              <div className="row-actions">
                <button
                  type="button"
                  aria-label={`Print test label on ${printer.name}`}
                  disabled={testing !== null}
                  onClick={() => onTest(printer)}
                >
                  {testing === printer.id ? 'Printing…' : 'Print test label'}
                </button>
                <button
                  type="button"
                  aria-label={`Print history of ${printer.name}`}
                  onClick={() => onHistory(printer)}
                >
                  History
                </button>
                <button type="button" aria-label={`Edit ${printer.name}`} onClick={() => onEdit(printer)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="danger"
                  aria-label={`Remove ${printer.name}`}
                  onClick={() => onRemove(printer)}
                >
                  Remove
                </button>
              </div>
              {tested?.printerId === printer.id && (
                <p role={tested.failed ? 'alert' : 'status'} className={tested.failed ? 'error-text' : 'hint'}>
                  {tested.message}
                </p>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
