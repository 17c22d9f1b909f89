// The print dialog: printer, copies, records (the Data tab's samples or a CSV/JSON file) with an optional quantity field,
// the first label previewed and the job's warnings listed, then Print sends the job and follows it until it is done or failed.
import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { client } from '../../api/appClient';
import { selectTemplate, useEditorStore } from '../../store';
import { Dialog } from '../../ui/Dialog';
import { DEFAULT_ZPL_DPI } from '../../../src-shared/render/outputFormats';
import { WarningList } from '../../editor/WarningList';
import { useFonts } from '../../shell/fonts';
import { FirstLabelPreview } from './FirstLabelPreview';
import { PrinterField, usePrinterChoice } from './PrinterField';
import { PrintProgressLine } from './PrintProgressLine';
import { parseRecordsFile, printPlan, recordFields } from './printRecords';
import { CHECKED_RECORDS, printWarnings } from './printWarnings';
import { textDelivery } from './textDelivery';
import { isPrinting, usePrintJob } from './usePrintJob';

type RecordFile = { name: string; records: unknown[] } | { name: string; error: string };

export function PrintDialog({ onClose }: { onClose(): void }) {
  const printerChoice = usePrinterChoice();
  const { printer } = printerChoice;
  const template = useEditorStore(selectTemplate);
  const samples = useEditorStore((state) => state.samples);
  const sampleRecords = useMemo(() => samples.map((sample) => sample.data), [samples]);
  const [copies, setCopies] = useState('1');
  const [source, setSource] = useState<'samples' | 'file'>('samples');
  const [file, setFile] = useState<RecordFile | null>(null);
  const [quantityField, setQuantityField] = useState('');
  const { progress, print } = usePrintJob();
  const ids = { copies: useId(), quantity: useId(), file: useId(), plan: useId() };

  const records = source === 'samples' ? sampleRecords : file && 'records' in file ? file.records : [];
  const fields = useMemo(() => recordFields(records), [records]);
  const plan = printPlan(records, quantityField || undefined, Number(copies));
  const busy = isPrinting(progress);
  const firstRecord = records[0];
  const delivery = useMemo(() => textDelivery(template, printer), [template, printer]);
  const fonts = useFonts();
  const warnings = useMemo(() => (fonts.status === 'ready' ? printWarnings(template, records, fonts.fonts, printer) : []), [fonts, template, records, printer]);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setQuantityField('');
    if (!chosen) return setFile(null);
    try {
      setFile({ name: chosen.name, records: parseRecordsFile(chosen.name, await chosen.text()) });
    } catch (error) {
      setFile({ name: chosen.name, error: error instanceof Error ? error.message : String(error) });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!printer || !plan.ok || busy) return;
    const request = { template, records: plan.records, ...(quantityField && { quantityField }), printerId: printer.id, copies: Number(copies) };
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
          <fieldset className="field-group">
            <legend>Records</legend>
            <div className="radio-stack">
              <label>
                <input type="radio" name="print-records" checked={source === 'samples'} onChange={() => setSource('samples')} />
                Sample records from the Data tab ({sampleRecords.length})
              </label>
              <label>
                <input type="radio" name="print-records" checked={source === 'file'} onChange={() => setSource('file')} />
                Records from a file (CSV or JSON)
              </label>
            </div>
            {source === 'file' && (
              <div className="field">
                <label htmlFor={ids.file}>Records file</label>
                <input id={ids.file} type="file" accept=".csv,.json,text/csv,application/json" onChange={(event) => void readFile(event)} />
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
