// A titled list of the Printers page (virtual printers, hot folders): what it is, an Add button, the load error, and a table of one row an item with its actions last.
import type { ReactNode } from 'react';
import { TableHead } from '../../ui/TableHead';
import type { Loaded } from '../../ui/useLoader';

export interface ListSectionProps<T extends { id: string }> {
  title: string;
  hint: ReactNode;
  addLabel: string;
  addDisabled?: boolean;
  onAdd(): void;
  items: Loaded<T[]>;
  /** The column heads before the actions' column. */
  columns: readonly string[];
  /** An item's cells: its row head first, its actions (EditRemoveCell) last. */
  row(item: T): ReactNode;
  /** The dialogs (add, edit, remove). */
  children: ReactNode;
}

export function ListSection<T extends { id: string }>(props: ListSectionProps<T>) {
  const { title, items } = props;
  const rows = items.data ?? [];
  return (
    <>
      <h2>{title}</h2>
      <p className="hint">{props.hint}</p>
      <div className="button-row">
        <button type="button" onClick={props.onAdd} disabled={props.addDisabled}>
          {props.addLabel}
        </button>
      </div>
      {items.error && (
        <p role="alert" className="error-text">
          Could not load the {title.toLowerCase()}: {items.error}
        </p>
      )}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <TableHead caption={title} columns={props.columns} />
            <tbody>
              {rows.map((item) => (
                <tr key={item.id}>{props.row(item)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.children}
    </>
  );
}
