// Adds or edits a printer: its name, kind and the kind's address, resolution, media, darkness, speed, time zone, margin and media handling; the server's refusals shown on their fields.
import { useId, useState } from 'react';
import type { EditorPrinter, EditorPrinterInput, EditorPrinterKind } from '@shared/api/editorPrinters';
import { ZPL_RESOLUTIONS } from '../../api/apiConstants';
import { Dialog } from '../../ui/Dialog';
import { FormFooter, useFormSave } from './formSave';
import { InputField } from './InputField';
import {
  EMPTY_PRINTER_FORM,
  fieldErrors,
  FONT_MODE_NAMES,
  formFromPrinter,
  KIND_NAMES,
  MEDIA_SENSING_NAMES,
  MEDIA_TYPE_NAMES,
  PRINT_MODE_NAMES,
  printerInput,
  printerTakesPdf,
  type ChoiceField,
  type FieldName,
  type PrinterFormFields,
} from './printerFields';
import { ZPL_FONT_MODES } from '@shared/emit/zpl/zplFontDownloads';

export interface PrinterFormDialogProps {
  /** The printer to edit; none to add one. */
  printer?: EditorPrinter;
  /** Saves; a rejection (the server refused) keeps the dialog open with the problems on their fields. */
  onSave(printer: EditorPrinterInput): Promise<void>;
  onCancel(): void;
}

const KINDS = Object.keys(KIND_NAMES) as EditorPrinterKind[];

interface ChoiceSelectProps<T extends string> {
  label: string;
  value: T | '';
  names: Record<T, string>;
  error: string | undefined;
  onValue(value: T | ''): void;
}

/** A media handling choice: the printer's own setting (sends nothing), or one of the named values. */
function ChoiceSelect<T extends string>({ label, value, names, error, onValue }: ChoiceSelectProps<T>) {
  const id = useId();
  const noteId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value as T | '')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? noteId : undefined}
      >
        <option value="">Printer’s own setting</option>
        {(Object.keys(names) as T[]).map((choice) => (
          <option key={choice} value={choice}>
            {names[choice]}
          </option>
        ))}
      </select>
      {error && (
        <span id={noteId} className="error-text">
          {error}
        </span>
      )}
    </div>
  );
}

export function PrinterFormDialog({ printer, onSave, onCancel }: PrinterFormDialogProps) {
  const [fields, setFields] = useState<PrinterFormFields>(() =>
    printer ? formFromPrinter(printer) : EMPTY_PRINTER_FORM,
  );
  const form = useFormSave<FieldName>(fieldErrors);
  const { errors } = form;
  const resolutionId = useId();
  const fontsId = useId();
  const set = <K extends keyof PrinterFormFields>(name: K, value: PrinterFormFields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    form.clear(name);
  };
  const text = (name: Exclude<FieldName, ChoiceField>) => ({
    value: fields[name],
    error: errors[name],
    onValue: (value: string) => set(name, value),
  });
  const choice = <K extends Exclude<ChoiceField, 'dpi'>>(name: K) => ({
    value: fields[name],
    error: errors[name],
    onValue: (value: PrinterFormFields[K]) => set(name, value),
  });
  // A PDF queue's driver gets the choices as its options (if it is CUPS's Zebra driver); the offsets are ZPL's only.
  const takesPdf = printerTakesPdf(fields);

  return (
    <Dialog title={printer ? `Edit printer ${printer.name}` : 'Add printer'} onClose={onCancel} className="dialog-wide">
      <form className="form-stack printer-form" onSubmit={form.submit(() => onSave(printerInput(fields)))} noValidate>
        <InputField
          label="Printer name"
          {...text('name')}
          maxLength={200}
          required
          autoFocus
          placeholder="e.g. Dock 1"
        />
        <fieldset className="field-group">
          <legend>Connection</legend>
          <div className="radio-row" role="radiogroup" aria-label="Kind">
            {KINDS.map((kind) => (
              <label key={kind}>
                <input
                  type="radio"
                  name="printer-kind"
                  value={kind}
                  checked={fields.kind === kind}
                  onChange={() => set('kind', kind)}
                />
                {KIND_NAMES[kind]}
              </label>
            ))}
          </div>
          {fields.kind === 'raw' && (
            <div className="field-grid">
              <InputField
                label="Host"
                {...text('host')}
                placeholder="192.0.2.10 or zebra.local"
                hint="The printer’s IP address or host name."
                required
              />
              <InputField label="Port" {...text('port')} type="number" min={1} max={65535} inputMode="numeric" />
            </div>
          )}
          {fields.kind === 'system' && (
            <>
              <InputField
                label="Queue name"
                {...text('queue')}
                placeholder="Zebra_GK420"
                hint="As lpstat -p lists it."
                required
              />
              <label className="field field-checkbox">
                <input
                  type="checkbox"
                  checked={fields.rawQueue}
                  onChange={(event) => set('rawQueue', event.target.checked)}
                />
                <span>Raw queue: send ZPL (otherwise PDF)</span>
              </label>
            </>
          )}
          {fields.kind === 'device' && (
            <InputField
              label="Device path"
              {...text('path')}
              placeholder="/dev/usb/lp0"
              hint="An absolute path; it is never created."
              required
            />
          )}
        </fieldset>
        <fieldset className="field-group">
          <legend>Settings</legend>
          <div className="field-grid">
            <div className="field">
              <label htmlFor={resolutionId}>Resolution</label>
              <select
                id={resolutionId}
                value={fields.dpi}
                onChange={(event) => set('dpi', Number(event.target.value) as PrinterFormFields['dpi'])}
              >
                {ZPL_RESOLUTIONS.map((dpi) => (
                  <option key={dpi} value={dpi}>
                    {dpi} dpi
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={fontsId}>Text in the template’s fonts</label>
              <select
                id={fontsId}
                value={fields.fonts}
                onChange={(event) => set('fonts', event.target.value as PrinterFormFields['fonts'])}
              >
                {ZPL_FONT_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {FONT_MODE_NAMES[mode]}
                  </option>
                ))}
              </select>
            </div>
            <InputField
              label="Media width"
              {...text('mediaWidth')}
              placeholder="4in"
              hint="Empty: the printer’s own."
            />
            <InputField label="Media height" {...text('mediaHeight')} placeholder="6in" />
            <InputField
              label="Darkness (0–30)"
              {...text('darkness')}
              type="number"
              min={0}
              max={30}
              placeholder="printer’s own"
            />
            <InputField
              label="Speed (2–14 in/s)"
              {...text('speed')}
              type="number"
              min={2}
              max={14}
              placeholder="printer’s own"
            />
            <InputField
              label="Time zone"
              {...text('timeZone')}
              placeholder="UTC"
              hint="For now() and formatDate on its labels, e.g. Europe/Berlin."
            />
            <InputField
              label="Unprintable margin"
              {...text('unprintableMargin')}
              placeholder="none"
              hint="What it cannot print at the label’s edges, e.g. 1mm: the print dialog warns of elements there."
            />
          </div>
        </fieldset>
        <fieldset className="field-group">
          <legend>Media handling</legend>
          <p className="hint">
            Sent with each job; “Printer’s own setting” sends nothing.
            {takesPdf &&
              ' This PDF queue gets the three choices as options of CUPS’s Zebra driver (other drivers ignore them) and no offsets.'}
          </p>
          <div className="field-grid">
            <ChoiceSelect label="Media type" names={MEDIA_TYPE_NAMES} {...choice('mediaType')} />
            <ChoiceSelect label="After each label" names={PRINT_MODE_NAMES} {...choice('printMode')} />
            <ChoiceSelect label="Media sensing" names={MEDIA_SENSING_NAMES} {...choice('mediaSensing')} />
            <InputField
              label="Label top offset"
              {...text('topOffset')}
              placeholder="printer’s own"
              hint="Moves the whole print down, e.g. 1mm; negative moves it up."
            />
            <InputField
              label="Label left offset"
              {...text('leftOffset')}
              placeholder="printer’s own"
              hint="Moves the whole print right, e.g. 0.5mm; negative moves it left."
            />
          </div>
        </fieldset>
        <FormFooter form={form} submitLabel={printer ? 'Save printer' : 'Add printer'} onCancel={onCancel} />
      </form>
    </Dialog>
  );
}
