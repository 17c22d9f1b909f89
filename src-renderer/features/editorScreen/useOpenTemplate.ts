// Opens a template from the server into the editor store, its sample records into the data panel.
import { useEffect, useState } from 'react';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore, sampleTextsOf, withoutSampleData, type TemplateDraft } from '../../store';

export type OpenState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string; notFound: boolean };

export function useOpenTemplate(templateId: string): OpenState {
  const [state, setState] = useState<OpenState>({ status: 'loading' });
  useEffect(() => {
    let wanted = true;
    client.getTemplate(templateId).then(
      (template) => {
        if (!wanted) return;
        const store = editorStore.getState();
        // The stored content is the input shape with defaults applied: a valid draft as it is.
        const content = template.content as TemplateDraft;
        store.loadDocument(withoutSampleData(content), { id: template.id, slug: template.slug, status: template.status });
        store.loadSamples(sampleTextsOf(content));
        store.setSidePanel('inspector');
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
