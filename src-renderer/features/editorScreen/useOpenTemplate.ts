// Opens a template from the server into the editor store, its sample records into the data panel.
import { useEffect, useState } from 'react';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore } from '../../store';
import { openDocument } from './documentActions';

export type OpenState =
  { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string; notFound: boolean };

export function useOpenTemplate(templateId: string): OpenState {
  const [state, setState] = useState<OpenState>({ status: 'loading' });
  useEffect(() => {
    let wanted = true;
    client.getTemplate(templateId).then(
      (template) => {
        if (!wanted) return;
        openDocument(template);
        editorStore.getState().setSidePanel('inspector');
        setState({ status: 'ready' });
      },
      (error: unknown) => {
        if (!wanted) return;
        const notFound = typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
        setState({ status: 'error', message: describeError(error), notFound });
      },
    );
    return () => {
      wanted = false;
    };
  }, [templateId]);
  return state;
}
