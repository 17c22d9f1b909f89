// Adds or edits a virtual printer: its name, where it listens (this machine, or the network with the clients allowed), the printers its labels go to and how, the resolution its clients write for.
import { useId, useState } from 'react';
import type { EditorPrinter, EditorVirtualPrinter, EditorVirtualPrinterInput } from '@shared/api/editorPrinters';
import { ZPL_RESOLUTIONS } from '../../api/apiConstants';
import { Dialog } from '../../ui/Dialog';
import { FormFooter, useFormSave } from './formSave';
import { InputField } from './InputField';
import {
  EMPTY_VIRTUAL_PRINTER_FORM,
  formFromVirtualPrinter,
  virtualPrinterFieldErrors,
  virtualPrinterInput,
  type VirtualPrinterFieldName,
  type VirtualPrinterFormFields,
} from './virtualPrinterFields';

export interface VirtualPrinterFormDialogProps {
  /** The virtual printer to edit; none to add one. */
  virtual?: EditorVirtualPrinter;
  /** The workspace's printers its labels may go to. */
  printers: readonly EditorPrinter[];
  /** Saves; a rejection (the server refused) keeps the dialog open with the problems on their fields. */
  onSave(virtual: EditorVirtualPrinterInput): Promise<void>;
  onCancel(): void;
}

export function VirtualPrinterFormDialog({ virtual, printers, onSave, onCancel }: VirtualPrinterFormDialogProps) {
  const [fields, setFields] = useState<VirtualPrinterFormFields>(() =>
    virtual ? formFromVirtualPrinter(virtual) : EMPTY_VIRTUAL_PRINTER_FORM,
  );
  const form = useFormSave<VirtualPrinterFieldName>(virtualPrinterFieldErrors);
  const { errors } = form;
  const poolId = useId();
  const dpiId = useId();
  const routesNoteId = useId();
  const set = <K extends keyof VirtualPrinterFormFields>(name: K, value: VirtualPrinterFormFields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    form.clear(name === 'port' ? 'host' : name);
  };
  // Checked printers keep the order they were checked in: failover tries them in that order.
  const toggleRoute = (id: string, on: boolean) =>
    set('routes', on ? [...fields.routes, id] : fields.routes.filter((route) => route !== id));

  return (
    <Dialog
      title={virtual ? `Edit virtual printer ${virtual.name}` : 'Add virtual printer'}
      onClose={onCancel}
      className="dialog-wide"
    >
      <form
        className="form-stack printer-form"
        onSubmit={form.submit(() => onSave(virtualPrinterInput(fields)))}
        noValidate
      >
        <p className="hint">
          Old systems print ZPL to its port as to a Zebra printer (raw port 9100 protocol); each label becomes a print
          job of the printers chosen below.
        </p>
        <div className="field-grid">
          <InputField
            label="Name"
            value={fields.name}
            error={errors.name}
            onValue={(value) => set('name', value)}
            maxLength={200}
            required
            autoFocus
            placeholder="e.g. Old WMS"
          />
          <div className="field">
            <label htmlFor={dpiId}>Its clients write for</label>
            <select id={dpiId} value={fields.dpi} onChange={(event) => set('dpi', event.target.value)}>
              <option value="">The printer’s resolution (sent as is)</option>
              {ZPL_RESOLUTIONS.map((dpi) => (
                <option key={dpi} value={dpi}>
                  {dpi} dpi (laid out again for others)
                </option>
              ))}
            </select>
            {errors.dpi && <span className="error-text">{errors.dpi}</span>}
          </div>
          <InputField
            label="Listen on address"
            value={fields.host}
            error={errors.host}
            hint="127.0.0.1: this machine only. 0.0.0.0 or this machine’s LAN address needs LAN access and the clients allowed."
            onValue={(value) => set('host', value)}
            required
          />
          <InputField
            label="Port"
            value={fields.port}
            error={undefined}
            onValue={(value) => set('port', value)}
            type="number"
            min={1}
            max={65535}
            inputMode="numeric"
            required
          />
        </div>
        <fieldset className="field-group" aria-describedby={routesNoteId}>
          <legend>Prints on</legend>
          {printers.length === 0 ? (
            <p className="hint">Add a printer first: a virtual printer sends its labels to the workspace’s printers.</p>
          ) : (
            <div className="radio-row">
              {printers.map((printer) => (
                <label key={printer.id}>
                  <input
                    type="checkbox"
                    checked={fields.routes.includes(printer.id)}
                    onChange={(event) => toggleRoute(printer.id, event.target.checked)}
                  />
                  {printer.name}
                </label>
              ))}
            </div>
          )}
          <span id={routesNoteId} className={errors.routes ? 'error-text' : 'hint'}>
            {errors.routes ?? 'Several: the order you check them in is the order failover tries them.'}
          </span>
          <div className="field-grid">
            <div className="field">
              <label htmlFor={poolId}>With several printers</label>
              <select
                id={poolId}
                value={fields.pool}
                onChange={(event) => set('pool', event.target.value as VirtualPrinterFormFields['pool'])}
              >
                <option value="failover">Failover: the first ready one</option>
                <option value="round-robin">Round robin: each in turn</option>
              </select>
            </div>
            <InputField
              label="Clients allowed (beyond this machine)"
              value={fields.allowedClients}
              error={errors.allowedClients}
              hint="Addresses or ranges, e.g. 192.168.10.0/24, 10.0.0.7"
              onValue={(value) => set('allowedClients', value)}
            />
          </div>
        </fieldset>
        <FormFooter
          form={form}
          submitLabel={virtual ? 'Save virtual printer' : 'Add virtual printer'}
          onCancel={onCancel}
        />
      </form>
    </Dialog>
  );
}
