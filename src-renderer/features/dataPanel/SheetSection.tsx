// The data panel with a sheet loaded: the sheet and header row it is read with, its records as a table (RecordTable),
// the column each field comes from (saved or suggested), the record the canvas shows (stepped one by one, or chosen in
// the table), and the fields records leave empty, named by record, before anyone prints.
import { useId, useMemo, useState } from 'react';
import type { TableChoice } from '@shared/records/tableFile';
import { selectSheetRecords, useEditorStore } from '../../store';
import { draftFields, sheetColumnMap } from '../../store/sheetMapping';
import type { LoadedSheet } from '../../store/sheetSlice';
import { missingFields } from '../../store/sheetWarnings';
import { RecordTable } from './RecordTable';

/** Missing fields listed: the count says how many more there are. */
const SHOWN_WARNINGS = 20;

export function SheetSection({ sheet, onRead }: { sheet: LoadedSheet; onRead(choice: TableChoice): void }) {
  const index = useEditorStore((state) => state.sheetIndex);
  const template = useEditorStore((state) => state.template);
  const records = useEditorStore(selectSheetRecords);
  const { selectSheetRecord, closeSheet, updateTemplate } = useActions();
  const fields = useMemo(() => draftFields(template), [template]);
  const mapping = new Map(sheetColumnMap(fields, template.meta.columnMap, sheet));
  const saved = template.meta.columnMap ?? {};
  const missing = useMemo(() => missingFields(records, fields), [records, fields]);
  const setColumn = (field: string, column: string) =>
    updateTemplate({ meta: { columnMap: { [field]: column === '' ? undefined : column } } });

  return (
    <section aria-label="Sheet" className="form-stack">
      <p className="hint">
        {sheet.records.length === 1 ? '1 record' : `${sheet.records.length} records`} from {sheet.fileName}
        {sheet.sheet === null ? '' : `, sheet “${sheet.sheet}”`}{' '}
        <button type="button" onClick={closeSheet}>
          Close sheet
        </button>
      </p>
      {sheet.sheetNames.length > 1 && (
        <label className="field">
          <span>Sheet</span>
          <select
            value={sheet.sheet ?? ''}
            onChange={(event) => onRead({ sheet: event.target.value, headerRow: sheet.headerRow })}
          >
            {sheet.sheetNames.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
      )}
      <HeaderRowField
        headerRow={sheet.headerRow}
        onChoose={(headerRow) => onRead({ sheet: sheet.sheet ?? undefined, headerRow })}
      />
      <div className="record-nav" role="group" aria-label="Records">
        <button
          type="button"
          aria-label="Previous record"
          onClick={() => selectSheetRecord(index - 1)}
          disabled={index <= 0}
        >
          ‹ Previous
        </button>
        <span role="status" className="record-count">
          Record {index + 1} of {sheet.records.length}
        </span>
        <button
          type="button"
          aria-label="Next record"
          onClick={() => selectSheetRecord(index + 1)}
          disabled={index >= sheet.records.length - 1}
        >
          Next ›
        </button>
      </div>
      <h3 className="panel-subtitle">Columns for the label’s fields</h3>
      {fields.length === 0 && <p className="hint">The label shows no data fields yet.</p>}
      <ul className="column-map" aria-label="Column mapping">
        {fields.map((field) => {
          const column = mapping.get(field) ?? '';
          const suggested = column !== '' && saved[field] !== column;
          return (
            <li key={field}>
              <label className="field">
                <span className="code">{field}</span>
                <select
                  aria-label={`Column for ${field}`}
                  value={column}
                  onChange={(event) => setColumn(field, event.target.value)}
                >
                  <option value="">{sheet.columns.includes(field) ? `“${field}” (same name)` : '— no column —'}</option>
                  {sheet.columns.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
                {suggested && <span className="hint">suggested by its name</span>}
              </label>
            </li>
          );
        })}
      </ul>
      {missing.length > 0 && (
        <div className="field">
          <p className="hint">
            {missing.length === 1 ? '1 empty field' : `${missing.length} empty fields`}: these labels print without
            them.
          </p>
          <ul aria-label="Empty fields" className="warning-list">
            {missing.slice(0, SHOWN_WARNINGS).map(({ record, field }) => (
              <li key={`${record}:${field}`}>
                Record {record}: field “{field}” is not filled
              </li>
            ))}
            {missing.length > SHOWN_WARNINGS && <li>… and {missing.length - SHOWN_WARNINGS} more</li>}
          </ul>
        </div>
      )}
      <RecordTable sheet={sheet} index={index} onSelect={selectSheetRecord} />
    </section>
  );
}

/**
 * The row naming the columns (1-based, as the CLI's --header-row): the file is read again at each whole number typed;
 * while the field is being typed in it shows what is typed, even an empty field or a row the file does not have.
 */
function HeaderRowField({ headerRow, onChoose }: { headerRow: number; onChoose(row: number): void }) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id}>Header row</label>
      <input
        id={id}
        type="number"
        min={1}
        step={1}
        value={typed ?? String(headerRow)}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setTyped(event.target.value);
          const row = Number(event.target.value);
          if (Number.isInteger(row) && row >= 1) onChoose(row);
        }}
        onBlur={() => setTyped(null)}
      />
      <p id={`${id}-hint`} className="hint">
        The row naming the columns; rows above it (a title) are skipped.
      </p>
    </div>
  );
}

function useActions() {
  return {
    selectSheetRecord: useEditorStore((state) => state.selectSheetRecord),
    closeSheet: useEditorStore((state) => state.closeSheet),
    updateTemplate: useEditorStore((state) => state.updateTemplate),
  };
}
