// The print dialog: printer, copies, records (the Data tab's sheet or samples, or a sheet/CSV/JSON file; a list of ranges of them)
// with an optional quantity field, the prompted fields, the first label previewed, every record checked as the job will check
// it (warnings listed, records it would refuse named, to skip or fix), then Print sends the job and follows it until it is
// done or failed.
import { useEffect, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { client } from '../../api/appClient';
import { requestLabelData } from '@shared/api/renderRequest';
import { AppError } from '@shared/errors';
import { parseRecordRange, selectNumbered } from '@shared/records/recordRange';
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
import { WARNED_RECORDS } from './printChecks';
import { useRecordChecks } from './useRecordChecks';
import { refreshNextCounters } from '../../editor/nextCountersStore';
import { textDelivery } from './textDelivery';
import { printerTakesPdf } from '../printers/printerFields';
import { isPrinting, usePrintJob } from './usePrintJob';

type RecordFile = { name: string; records: unknown[] } | { name: string; error: string };
type RecordSource = 'sheet' | 'samples' | 'file';

/** The records of `range` ("1-3,5,8-"; empty: all) with their record numbers, or why the range does not fit. */
function inRange(
  records: readonly unknown[],
  range: string,
): { records: unknown[]; numbers: number[] } | { problem: string } {
  if (range.trim() === '') return { records: [...records], numbers: records.map((_, index) => index + 1) };
  try {
    const chosen = selectNumbered(records, parseRecordRange(range));
    return { records: chosen.map(({ record }) => record), numbers: chosen.map(({ number }) => number) };
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
  const { progress, print, forget, cancel } = usePrintJob();
  const ids = { copies: useId(), quantity: useId(), file: useId(), plan: useId(), range: useId(), sheetStart: useId() };
  // A sheet stock printed as PDF: labels N-up on the page, from a chosen position on a partly used first sheet.
  const labelSheet = template.dimensions?.sheet;
  const sheetLabels =
    labelSheet && printer && printerTakesPdf(printer.connection) ? labelSheet.columns * labelSheet.rows : undefined;
  const [sheetStart, setSheetStart] = useState('1');

  const sourceRecords =
    source === 'sheet'
      ? sheetRecords
      : source === 'samples'
        ? sampleRecords
        : file && 'records' in file
          ? file.records
          : [];
  const chosen = useMemo(() => inRange(sourceRecords, range), [sourceRecords, range]);
  const data = useMemo(() => promptData(prompted), [prompted]);
  // What the labels are drawn from: the chosen records with the prompted values on top, as the server will merge them.
  const records = useMemo(
    () =>
      'records' in chosen ? (requestLabelData({ records: chosen.records as PrintRecord[], data }).records ?? []) : [],
    [chosen, data],
  );
  const numbers = useMemo(() => ('numbers' in chosen ? chosen.numbers : []), [chosen]);
  const fields = useMemo(() => recordFields(records), [records]);
  const fonts = useFonts();
  // Every record checked as the job will check it; Print waits for the whole check.
  const checks = useRecordChecks(
    template,
    records,
    numbers,
    fonts.status === 'ready' ? fonts.fonts : undefined,
    printer,
  );
  const unprintable = checks.status === 'done' ? checks.unprintable : [];
  const [skipUnprintable, setSkipUnprintable] = useState(false);
  const printable = useMemo(() => {
    if (!skipUnprintable || unprintable.length === 0) return records;
    const refused = new Set(unprintable.map((record) => record.number));
    return records.filter((_, index) => !refused.has(numbers[index] ?? -1));
  }, [skipUnprintable, unprintable, records, numbers]);
  const planned = printPlan(printable, quantityField || undefined, Number(copies));
  const plan = 'problem' in chosen ? { ok: false as const, problem: chosen.problem } : planned;
  const busy = isPrinting(progress);
  const firstRecord = records[0];
  const delivery = useMemo(() => textDelivery(template, printer), [template, printer]);
  // A printed job took counter values: the canvas numbers from the next ones, as the preview does.
  const printedJob = progress.phase === 'following' && progress.job.status === 'done' ? progress.job.id : undefined;
  useEffect(() => {
    if (printedJob !== undefined) void refreshNextCounters(template, true);
  }, [printedJob, template]);
  // The last print's outcome is about the records and printer it had: choosing others leaves it behind.
  useEffect(() => forget(), [forget, source, file, range, printer?.id]);
  const warnings = checks.status === 'done' ? checks.warnings : [];
  const checked = checks.status === 'done' && (unprintable.length === 0 || (skipUnprintable && printable.length > 0));

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setQuantityField('');
    if (!chosen) return setFile(null);
    try {
      const read = parseRecordsFile(chosen.name, new Uint8Array(await chosen.arrayBuffer()));
      // Columns mapped to the label's fields as the Data tab and the CLI map them: the saved mapping, else by name.
      const mapped =
        read.columns &&
        mappedRecords(draftFields(template), template.meta.columnMap, {
          columns: read.columns,
          records: read.records as PrintRecord[],
        });
      setFile({ name: chosen.name, records: mapped ?? read.records });
    } catch (error) {
      setFile({ name: chosen.name, error: error instanceof Error ? error.message : String(error) });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!printer || !plan.ok || busy || !checked) return;
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
          <PrinterField
            choice={printerChoice}
            noneHint="No printers yet: add one on the Printers page (save this label first)."
          />
          <div className="field">
            <label htmlFor={ids.copies}>Copies</label>
            <input
              id={ids.copies}
              type="number"
              min={1}
              max={1000}
              step={1}
              value={copies}
              onChange={(event) => setCopies(event.target.value)}
              aria-describedby={ids.plan}
            />
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
                {labelSheet?.columns} × {labelSheet?.rows} on a sheet, across then down: skip the labels a used sheet
                has lost.
              </span>
            </div>
          )}
          <fieldset className="field-group">
            <legend>Records</legend>
            <div className="radio-stack">
              {sheet && (
                <label>
                  <input
                    type="radio"
                    name="print-records"
                    checked={source === 'sheet'}
                    onChange={() => setSource('sheet')}
                  />
                  Records of the sheet in the Data tab ({sheet.fileName}, {sheetRecords.length})
                </label>
              )}
              <label>
                <input
                  type="radio"
                  name="print-records"
                  checked={source === 'samples'}
                  onChange={() => setSource('samples')}
                />
                Sample records from the Data tab ({sampleRecords.length})
              </label>
              <label>
                <input
                  type="radio"
                  name="print-records"
                  checked={source === 'file'}
                  onChange={() => setSource('file')}
                />
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
              <input
                id={ids.range}
                value={range}
                placeholder="all, or 1-3,5,8-"
                onChange={(event) => setRange(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.quantity}>Labels per record</label>
              <select
                id={ids.quantity}
                value={quantityField}
                onChange={(event) => setQuantityField(event.target.value)}
              >
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
            {plan.ok
              ? `${plan.totalLabels} ${plan.totalLabels === 1 ? 'label' : 'labels'} in all (${plan.labelCount} per copy).`
              : plan.problem}
          </p>
          {delivery && <p className="hint">{delivery}</p>}
          {checks.status === 'checking' && records.length > 0 && (
            <p role="status" className="hint">
              Checking the records: {checks.checked.toLocaleString('en')} of {checks.total.toLocaleString('en')}…
            </p>
          )}
          {unprintable.length > 0 && (
            <div role="alert" className="notice-box unprintable-records">
              <p>
                {unprintable.length === 1 ? '1 record cannot' : `${unprintable.length} records cannot`} be printed, as
                the job would refuse {unprintable.length === 1 ? 'it' : 'them'}:
              </p>
              <ul>
                {unprintable.slice(0, 10).map((record) => (
                  <li key={record.number}>{record.message}</li>
                ))}
                {unprintable.length > 10 && <li>and {unprintable.length - 10} more</li>}
              </ul>
              <label className="field-checkbox">
                <input
                  type="checkbox"
                  checked={skipUnprintable}
                  disabled={unprintable.length === records.length}
                  onChange={(event) => setSkipUnprintable(event.target.checked)}
                />
                Print the other {records.length - unprintable.length}{' '}
                {records.length - unprintable.length === 1 ? 'record' : 'records'}, without these
              </label>
              <p className="hint">
                Or fix the data (in the Data tab, or the file) and print again, or close this dialog.
              </p>
            </div>
          )}
          {warnings.length > 0 && (
            <div className="field">
              <p className="hint">
                {warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`} at{' '}
                {printer?.dpi ?? DEFAULT_ZPL_DPI} dpi
                {records.length > WARNED_RECORDS ? ` (of the first ${WARNED_RECORDS} records)` : ''}: the labels print
                as shown.
              </p>
              <WarningList warnings={warnings} label="Warnings before printing" />
            </div>
          )}
          <PrintProgressLine progress={progress} printerName={printer?.name ?? 'the printer'} onCancel={cancel} />
          <div className="dialog-actions">
            <button type="button" onClick={onClose}>
              Close
            </button>
            <button type="submit" className="primary" disabled={!printer || !plan.ok || busy || !checked}>
              {busy ? 'Printing…' : 'Print'}
            </button>
          </div>
        </form>
        <FirstLabelPreview
          template={template}
          record={
            typeof firstRecord === 'object' && firstRecord !== null && !Array.isArray(firstRecord)
              ? (firstRecord as Record<string, unknown>)
              : undefined
          }
          dpi={printer?.dpi ?? 203}
        />
      </div>
    </Dialog>
  );
}
