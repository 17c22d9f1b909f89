// The print dialog: printer, copies, records (the Data tab's sheet or samples, or a sheet/CSV/JSON file; a range of them) with an
// optional quantity field, the prompted fields, the first label previewed and the job's warnings listed (empty fields named
// by record), then Print sends the job and follows it until it is done or failed.
import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { client } from '../../api/appClient';
import { requestLabelData } from '@shared/api/renderRequest';
import { AppError } from '@shared/errors';
import { parseRecordRange, selectRange } from '@shared/records/recordRange';
import { selectSheetRecords, selectTemplate, useEditorStore } from '../../store';
import { Dialog } from '../../ui/Dialog';
import { DEFAULT_ZPL_DPI } from '@shared/render/outputFormats';
import { WarningList } from '../../editor/WarningList';
import { useFonts } from '../../shell/fonts';
import { FirstLabelPreview } from './FirstLabelPreview';
import { PrinterField, usePrinterChoice } from './PrinterField';
import { PrintProgressLine } from './PrintProgressLine';
import { parseRecordsFile, printPlan, recordFields, RECORD_FILES, type PrintRecord } from './printRecords';
import { draftFields, mappedRecords } from '../../store/sheetMapping';
import { promptData, promptDefaults, PromptFields } from './PromptFields';
import { CHECKED_RECORDS, printWarnings } from './printWarnings';
import { textDelivery } from './textDelivery';
import { printerTakesPdf } from '../printers/printerFields';
import { isPrinting, usePrintJob } from './usePrintJob';

type RecordFile = { name: string; records: unknown[] } | { name: string; error: string };
type RecordSource = 'sheet' | 'samples' | 'file';

/** The records of `range` ("2-4"; empty: all) and the number of the first, or why the range does not fit. */
function inRange(records: readonly unknown[], range: string): { records: unknown[]; firstNumber: number } | { problem: string } {
  if (range.trim() === '') return { records: [...records], firstNumber: 1 };
  try {
    const parsed = parseRecordRange(range);
    return { records: selectRange(records, parsed), firstNumber: parsed.first };
  } catch (error) {
    if (error instanceof AppError) return { problem: `Records: ${error.message}.` };
    throw error;
  }
}

export function PrintDialog({ onClose }: { onClose(): void }) {
  const printerChoice = usePrinterChoice();
  const { printer } = printerChoice;
  const template = useEditorStore(selectTemplate);
  const samples = useEditorStore((state) => state.samples);
  const sampleRecords = useMemo(() => samples.map((sample) => sample.data), [samples]);
  const sheet = useEditorStore((state) => state.sheet);
  const sheetRecords = useEditorStore(selectSheetRecords);
  const [copies, setCopies] = useState('1');
  const [source, setSource] = useState<RecordSource>(sheet ? 'sheet' : 'samples');
  const [range, setRange] = useState('');
  const [prompted, setPrompted] = useState(() => promptDefaults(template.prompts));
  const [file, setFile] = useState<RecordFile | null>(null);
  const [quantityField, setQuantityField] = useState('');
  const { progress, print } = usePrintJob();
  const ids = { copies: useId(), quantity: useId(), file: useId(), plan: useId(), range: useId(), sheetStart: useId() };
  // A sheet stock printed as PDF: labels N-up on the page, from a chosen position on a partly used first sheet.
  const labelSheet = template.dimensions?.sheet;
  const sheetLabels = labelSheet && printer && printerTakesPdf(printer.connection) ? labelSheet.columns * labelSheet.rows : undefined;
  const [sheetStart, setSheetStart] = useState('1');

  const sourceRecords = source === 'sheet' ? sheetRecords : source === 'samples' ? sampleRecords : file && 'records' in file ? file.records : [];
  const chosen = useMemo(() => inRange(sourceRecords, range), [sourceRecords, range]);
  const data = useMemo(() => promptData(prompted), [prompted]);
  // What the labels are drawn from: the chosen records with the prompted values on top, as the server will merge them.
  const records = useMemo(() => ('records' in chosen ? (requestLabelData({ records: chosen.records as PrintRecord[], data }).records ?? []) : []), [chosen, data]);
  const firstNumber = 'firstNumber' in chosen ? chosen.firstNumber : 1;
  const fields = useMemo(() => recordFields(records), [records]);
  const planned = printPlan(records, quantityField || undefined, Number(copies));
  const plan = 'problem' in chosen ? { ok: false as const, problem: chosen.problem } : planned;
  const busy = isPrinting(progress);
  const firstRecord = records[0];
  const delivery = useMemo(() => textDelivery(template, printer), [template, printer]);
  const fonts = useFonts();
  const warnings = useMemo(
    () => (fonts.status === 'ready' ? printWarnings(template, records, fonts.fonts, printer, firstNumber) : []),
    [fonts, template, records, printer, firstNumber],
  );

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setQuantityField('');
    if (!chosen) return setFile(null);
    try {
      const read = parseRecordsFile(chosen.name, new Uint8Array(await chosen.arrayBuffer()));
      // Columns mapped to the label's fields as the Data tab and the CLI map them: the saved mapping, else by name.
      const mapped = read.columns && mappedRecords(draftFields(template), template.meta.columnMap, { columns: read.columns, records: read.records as PrintRecord[] });
      setFile({ name: chosen.name, records: mapped ?? read.records });
    } catch (error) {
      setFile({ name: chosen.name, error: error instanceof Error ? error.message : String(error) });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!printer || !plan.ok || busy) return;
    const request = {
      template,
      records: plan.records,
      ...(quantityField && { quantityField }),
      ...(sheetLabels !== undefined && { sheetStart: Number(sheetStart) }),
      printerId: printer.id,
      copies: Number(copies),
    };
    print(() => client.print(request));
  };

  return (
    <Dialog title="Print" onClose={onClose} className="dialog-wide print-dialog">
      <div className="print-layout">
        <form className="form-stack" onSubmit={submit} aria-label="Print settings">
          <PrinterField choice={printerChoice} noneHint="No printers yet: add one in Settings › Printers (save this label first)." />
          <div className="field">
            <label htmlFor={ids.copies}>Copies</label>
            <input id={ids.copies} type="number" min={1} max={1000} step={1} value={copies} onChange={(event) => setCopies(event.target.value)} aria-describedby={ids.plan} />
          </div>
          {sheetLabels !== undefined && (
            <div className="field">
              <label htmlFor={ids.sheetStart}>Start at label (1–{sheetLabels})</label>
              <input
                id={ids.sheetStart}
                type="number"
                min={1}
                max={sheetLabels}
                step={1}
                value={sheetStart}
                onChange={(event) => setSheetStart(event.target.value)}
              />
              <span className="hint">
                {labelSheet?.columns} × {labelSheet?.rows} on a sheet, across then down: skip the labels a used sheet has lost.
              </span>
            </div>
          )}
          <fieldset className="field-group">
            <legend>Records</legend>
            <div className="radio-stack">
              {sheet && (
                <label>
                  <input type="radio" name="print-records" checked={source === 'sheet'} onChange={() => setSource('sheet')} />
                  Records of the sheet in the Data tab ({sheet.fileName}, {sheetRecords.length})
                </label>
              )}
              <label>
                <input type="radio" name="print-records" checked={source === 'samples'} onChange={() => setSource('samples')} />
                Sample records from the Data tab ({sampleRecords.length})
              </label>
              <label>
                <input type="radio" name="print-records" checked={source === 'file'} onChange={() => setSource('file')} />
                Records from a file (Excel, OpenDocument, CSV or JSON)
              </label>
            </div>
            {source === 'file' && (
              <div className="field">
                <label htmlFor={ids.file}>Records file</label>
                <input id={ids.file} type="file" accept={RECORD_FILES} onChange={(event) => void readFile(event)} />
                {file && 'error' in file && (
                  <span role="alert" className="error-text">
                    {file.error}
                  </span>
                )}
                {file && 'records' in file && (
                  <span role="status" className="hint">
                    {file.records.length} {file.records.length === 1 ? 'record' : 'records'} from {file.name}
                  </span>
                )}
              </div>
            )}
            <div className="field">
              <label htmlFor={ids.range}>Record range</label>
              <input id={ids.range} value={range} placeholder="all, or 2-4" onChange={(event) => setRange(event.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={ids.quantity}>Labels per record</label>
              <select id={ids.quantity} value={quantityField} onChange={(event) => setQuantityField(event.target.value)}>
                <option value="">One label per record</option>
                {fields.map((field) => (
                  <option key={field} value={field}>
                    From the field “{field}”
                  </option>
                ))}
              </select>
            </div>
          </fieldset>
          <PromptFields prompts={template.prompts} values={prompted} onChange={setPrompted} />
          <p id={ids.plan} className={plan.ok ? 'print-plan' : 'error-text'}>
            {plan.ok ? `${plan.totalLabels} ${plan.totalLabels === 1 ? 'label' : 'labels'} in all (${plan.labelCount} per copy).` : plan.problem}
          </p>
          {delivery && <p className="hint">{delivery}</p>}
          {warnings.length > 0 && (
            <div className="field">
              <p className="hint">
                {warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`} at {printer?.dpi ?? DEFAULT_ZPL_DPI} dpi
                {records.length > CHECKED_RECORDS ? ` (the first ${CHECKED_RECORDS} records checked)` : ''}: the labels print as shown.
              </p>
              <WarningList warnings={warnings} label="Warnings before printing" />
            </div>
          )}
          <PrintProgressLine progress={progress} printerName={printer?.name ?? 'the printer'} />
          <div className="dialog-actions">
            <button type="button" onClick={onClose}>
              Close
            </button>
            <button type="submit" className="primary" disabled={!printer || !plan.ok || busy}>
              {busy ? 'Printing…' : 'Print'}
            </button>
          </div>
        </form>
        <FirstLabelPreview
          template={template}
          record={typeof firstRecord === 'object' && firstRecord !== null && !Array.isArray(firstRecord) ? (firstRecord as Record<string, unknown>) : undefined}
          dpi={printer?.dpi ?? 203}
        />
      </div>
    </Dialog>
  );
}
