// The loaded sheet's records as a table read by keyboard: one tab stop, arrows, Page Up/Down, Home and End move the record the canvas shows, which stays scrolled into view below the sticky headers.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { valueAt } from '@shared/records/recordValues';
import type { LoadedSheet } from '../../store/sheetSlice';
import { recordAfterKey, scrollToShow, shownRows } from './recordTableNavigation';

/** Rows drawn at once: enough to read the sheet; the window moves with the current record. */
const SHOWN_ROWS = 200;

export function RecordTable({
  sheet,
  index,
  onSelect,
}: {
  sheet: LoadedSheet;
  index: number;
  onSelect(index: number): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const prefix = useId();
  const rowId = (row: number) => `${prefix}-record-${row}`;
  const { from, to } = shownRows(index, sheet.records.length, SHOWN_ROWS);

  // The current record is scrolled into the table's box (only the box: the panel and the page stay where they are).
  useEffect(() => {
    const scroller = box.current;
    const row = scroller?.querySelector<HTMLElement>(`#${CSS.escape(rowId(index))}`);
    if (!scroller || !row) return;
    const top = row.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    const header = scroller.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    scroller.scrollTop = scrollToShow(
      { top, bottom: top + row.getBoundingClientRect().height },
      { scrollTop: scroller.scrollTop, height: scroller.clientHeight, header },
    );
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const scroller = box.current;
    const rowHeight = scroller?.querySelector('tbody tr')?.getBoundingClientRect().height ?? 0;
    const header = scroller?.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const pageRows = rowHeight > 0 && scroller ? Math.floor((scroller.clientHeight - header) / rowHeight) - 1 : 10;
    const next = recordAfterKey(event.key, index, sheet.records.length, pageRows);
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
  };

  return (
    <div ref={box} className="table-scroll sheet-table">
      <table
        className="data-table"
        role="grid"
        aria-readonly="true"
        aria-rowcount={sheet.records.length + 1}
        aria-colcount={sheet.columns.length + 1}
        aria-activedescendant={rowId(index)}
        aria-describedby={`${prefix}-keys`}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <caption className="visually-hidden">Records of {sheet.fileName}</caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">#</th>
            {sheet.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.records.slice(from, to).map((record, offset) => {
            const row = from + offset;
            return (
              <tr
                key={row}
                id={rowId(row)}
                aria-rowindex={row + 2}
                aria-selected={row === index}
                className={row === index ? 'current-record' : undefined}
                onClick={() => onSelect(row)}
              >
                <th scope="row">{row + 1}</th>
                {sheet.columns.map((column) => (
                  <td key={column}>{cellText(record, column)}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p id={`${prefix}-keys`} className="visually-hidden">
        Arrow keys, Page Up, Page Down, Home and End choose the record the label shows.
      </p>
    </div>
  );
}

/** A column's cell of a record: dotted columns were nested when the sheet was read. */
function cellText(record: Record<string, unknown>, column: string): string {
  const value = valueAt(record, column);
  return typeof value === 'string' ? value : '';
}
