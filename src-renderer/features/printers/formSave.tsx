// What the printer, virtual printer and hot folder forms share: saving with the server's refusals put on their fields, and the footer saying what failed.
import { useState, type FormEvent } from 'react';
import { describeError } from '../../api/apiError';

export interface FormSave<F extends string> {
  errors: Partial<Record<F, string>>;
  /** Said above the buttons: a refusal without a field of its own, or a failed request. */
  failure: string | null;
  busy: boolean;
  /** A field was changed: its problem goes (a field the server never names has none to clear). */
  clear(field: string): void;
  /** The form's onSubmit: runs `save`; a rejection (the server refused) keeps the dialog open with the problems shown. */
  submit(save: () => Promise<void>): (event: FormEvent) => void;
}

export function useFormSave<F extends string>(
  fieldErrors: (error: unknown) => Partial<Record<F, string>>,
): FormSave<F> {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    errors,
    failure,
    busy,
    clear: (field) => setErrors((current) => ({ ...current, [field]: undefined })),
    submit: (save) => (event) => {
      event.preventDefault();
      setBusy(true);
      setFailure(null);
      save().catch((error: unknown) => {
        const byField = fieldErrors(error);
        setErrors(byField);
        setFailure(Object.keys(byField).length > 0 ? 'Check the marked fields.' : describeError(error));
        setBusy(false);
      });
    },
  };
}

export function FormFooter({
  form,
  submitLabel,
  disabled = false,
  onCancel,
}: {
  form: Pick<FormSave<string>, 'failure' | 'busy'>;
  submitLabel: string;
  disabled?: boolean;
  onCancel(): void;
}) {
  return (
    <>
      {form.failure && (
        <p role="alert" className="error-text">
          Not saved: {form.failure}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={form.busy || disabled}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
