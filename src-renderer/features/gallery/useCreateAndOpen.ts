// A dialog that makes a template (new, imported) and opens it in the designer: busy while the server works, its refusal shown in the dialog.
import { useState } from 'react';
import { describeError } from '../../api/apiError';
import { navigate } from '../../shell/routes';

export interface CreateAndOpen {
  busy: boolean;
  error: string | null;
  /** Runs `create`; on success closes the dialog (`onClose`) and opens the template, else keeps the dialog with the error. */
  run(create: () => Promise<{ id: string }>): Promise<void>;
}

export function useCreateAndOpen(onClose: () => void): CreateAndOpen {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (create: () => Promise<{ id: string }>) => {
    setBusy(true);
    setError(null);
    try {
      const created = await create();
      onClose();
      navigate({ page: 'editor', templateId: created.id });
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  };
  return { busy, error, run };
}
