// "Import ZPL…" (gallery) and "Import as template" (ZPL page): one label of the ZPL becomes a saved template, opened in the designer.
import { useId, useState, type FormEvent } from 'react';
import { client } from '../../api/appClient';
import { editorStore } from '../../store';
import { routeHref } from '../../shell/routes';
import { Dialog } from '../../ui/Dialog';
import { useCreateAndOpen } from '../gallery/useCreateAndOpen';
import { checkLabelSize, DEFAULT_LABEL_SETTINGS, type ZplLabelSettings } from './zplLabelSize';
import { ZplSizeFields } from './ZplSizeFields';
import { ZplSourceField } from './ZplSourceField';

export interface ImportZplDialogProps {
  onClose(): void;
  /** The ZPL page's text and settings: the dialog then asks only for a name and the label. Without them it asks for all. */
  from?: { zpl: string; settings: ZplLabelSettings; labelCount: number };
}

/** Notices what the import could not carry over: the designer then shows the template as it came. */
function importedNotice(name: string, warnings: { message: string }[]): string {
  if (warnings.length === 0) return `Imported “${name}”.`;
  const first = warnings[0]?.message ?? '';
  return `Imported “${name}” with ${warnings.length} warning${warnings.length === 1 ? '' : 's'}: ${first}${warnings.length > 1 ? ' …' : ''}`;
}

export function ImportZplDialog({ onClose, from }: ImportZplDialogProps) {
  const [zpl, setZpl] = useState(from?.zpl ?? '');
  const [settings, setSettings] = useState(from?.settings ?? DEFAULT_LABEL_SETTINGS);
  const [name, setName] = useState('');
  const [labelNumber, setLabelNumber] = useState('1');
  const { busy, error, run } = useCreateAndOpen(onClose);
  const ids = { name: useId(), label: useId() };
  const size = checkLabelSize(settings);
  const index = Number(labelNumber) - 1;
  const indexOk = Number.isInteger(index) && index >= 0 && (from === undefined || index < from.labelCount);
  const canImport = !busy && size.ok && indexOk && zpl.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canImport || !size.ok) return;
    const request = {
      zpl,
      dpmm: size.dpmm,
      width: size.width,
      height: size.height,
      index,
      ...(name.trim() && { name: name.trim() }),
    };
    await run(async () => {
      const imported = await client.importZpl(request);
      // About the template opened next, not the ZPL page it was imported from.
      const screen = routeHref({ page: 'editor', templateId: imported.id });
      editorStore
        .getState()
        .showNotice(
          imported.warnings.length > 0 ? 'error' : 'info',
          importedNotice(imported.name, imported.warnings),
          screen,
        );
      return imported;
    });
  };

  return (
    <Dialog
      title="Import ZPL as template"
      onClose={onClose}
      className={from ? undefined : 'dialog-wide'}
      description="Each field becomes an element you can edit; ^FN fields become data bindings (data.field1…)."
    >
      <form className="form-stack" onSubmit={(event) => void submit(event)}>
        {!from && <ZplSourceField value={zpl} onChange={setZpl} rows={10} />}
        {!from && <ZplSizeFields settings={settings} onChange={setSettings} problem={size.ok ? null : size.problem} />}
        <div className="field-row">
          <div className="field grow">
            <label htmlFor={ids.name}>Template name</label>
            <input
              id={ids.name}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Imported ZPL label"
              maxLength={200}
            />
          </div>
          {(from === undefined || from.labelCount > 1) && (
            <div className="field">
              <label htmlFor={ids.label}>Label to import</label>
              <input
                id={ids.label}
                type="number"
                min={1}
                max={from?.labelCount}
                step={1}
                size={4}
                value={labelNumber}
                onChange={(event) => setLabelNumber(event.target.value)}
                aria-invalid={!indexOk || undefined}
              />
            </div>
          )}
        </div>
        {error && (
          <p role="alert" className="error-text">
            Not imported: {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!canImport}>
            {busy ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
