// Adds or edits a hot folder: the folder on the machine running Labelsmith, the printer its files print on, the template data files print with, whether it is watched; the server's refusals shown on their fields.
import { useId, useState } from 'react';
import type { EditorHotFolder, EditorHotFolderInput, EditorPrinter } from '@shared/api/editorPrinters';
import { client } from '../../api/appClient';
import { EditorApiError } from '../../api/apiError';
import { Dialog } from '../../ui/Dialog';
import { useLoader } from '../../ui/useLoader';
import { FormFooter, useFormSave } from './formSave';
import { InputField } from './InputField';

export interface HotFolderFormDialogProps {
  /** The hot folder to edit; none to add one. */
  hotFolder?: EditorHotFolder;
  printers: readonly EditorPrinter[];
  onSave(hotFolder: EditorHotFolderInput): Promise<void>;
  onCancel(): void;
}

type FieldName = 'folder' | 'printerId' | 'templateSlug';

/** The field a refusal is about: FOLDER_NOT_FOUND and FOLDER_NOT_WRITABLE the folder, the others by their path. */
function fieldErrors(error: unknown): Partial<Record<FieldName, string>> {
  if (!(error instanceof EditorApiError)) return {};
  if (error.code.startsWith('FOLDER_') || error.code === 'CONFLICT')
    return { folder: error.message.replace(/^folder: /, '') };
  const errors: Partial<Record<FieldName, string>> = {};
  for (const problem of error.problems) {
    const field = (['folder', 'printerId', 'templateSlug'] as const).find((name) => name === problem.path);
    if (field !== undefined) errors[field] ??= problem.message;
  }
  return errors;
}

export function HotFolderFormDialog({ hotFolder, printers, onSave, onCancel }: HotFolderFormDialogProps) {
  const templates = useLoader(() => client.listTemplates(), 'templates');
  const [folder, setFolder] = useState(hotFolder?.folder ?? '');
  const [printerId, setPrinterId] = useState(hotFolder?.printerId ?? printers[0]?.id ?? '');
  const [templateSlug, setTemplateSlug] = useState(hotFolder?.templateSlug ?? '');
  const [enabled, setEnabled] = useState(hotFolder?.enabled ?? true);
  const form = useFormSave<FieldName>(fieldErrors);
  const { errors } = form;
  const printerFieldId = useId();
  const templateFieldId = useId();
  const printerNoteId = useId();

  return (
    <Dialog title={hotFolder ? 'Edit hot folder' : 'Add hot folder'} onClose={onCancel} className="dialog-wide">
      <form
        className="form-stack printer-form"
        onSubmit={form.submit(() =>
          onSave({ folder: folder.trim(), printerId, templateSlug: templateSlug.trim() || null, enabled }),
        )}
        noValidate
      >
        <InputField
          label="Folder"
          value={folder}
          error={errors.folder}
          hint="Its absolute path on the machine running Labelsmith, e.g. /srv/labels/inbox. Files move to done/ or failed/ in it."
          onValue={(value) => {
            setFolder(value);
            form.clear('folder');
          }}
          required
          autoFocus
        />
        <div className="field-grid">
          <div className="field">
            <label htmlFor={printerFieldId}>Prints on</label>
            <select
              id={printerFieldId}
              value={printerId}
              onChange={(event) => setPrinterId(event.target.value)}
              aria-describedby={errors.printerId ? printerNoteId : undefined}
            >
              {printers.map((printer) => (
                <option key={printer.id} value={printer.id}>
                  {printer.name}
                </option>
              ))}
            </select>
            {errors.printerId && (
              <span id={printerNoteId} className="error-text">
                {errors.printerId}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={templateFieldId}>Template for data files</label>
            <select id={templateFieldId} value={templateSlug} onChange={(event) => setTemplateSlug(event.target.value)}>
              <option value="">None: each file names one (a “template” column or key)</option>
              {(templates.data ?? []).map((template) => (
                <option key={template.id} value={template.slug}>
                  {template.name} ({template.slug})
                </option>
              ))}
            </select>
            {errors.templateSlug && <span className="error-text">{errors.templateSlug}</span>}
          </div>
        </div>
        <label className="field field-checkbox">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <span>Watched: print each file dropped in it</span>
        </label>
        <p className="hint">
          .zpl files print as they are; .csv, .tsv, .xlsx, .ods and .json files print the template with their records. A
          file is printed once its size has not changed for 2 seconds, or at once when NAME.ready appears beside it.
        </p>
        <FormFooter
          form={form}
          submitLabel={hotFolder ? 'Save hot folder' : 'Add hot folder'}
          disabled={printers.length === 0}
          onCancel={onCancel}
        />
      </form>
    </Dialog>
  );
}
