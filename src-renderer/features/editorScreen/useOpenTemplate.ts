// Opens a template from the server into the editor store, with the sample records this browser kept for it.
import { useEffect, useState } from 'react';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore, type TemplateDraft } from '../../store';
import { loadStoredSamples, storeSamples } from '../dataPanel/sampleStorage';

export type OpenState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string; notFound: boolean };

export function useOpenTemplate(templateId: string): OpenState {
  const [state, setState] = useState<OpenState>({ status: 'loading' });
  useEffect(() => {
    let wanted = true;
    let unsubscribe: (() => void) | undefined;
    client.getTemplate(templateId).then(
      (template) => {
        if (!wanted) return;
        const store = editorStore.getState();
        // The stored content is the input shape with defaults applied: a valid draft as it is.
        store.loadDocument(template.content as TemplateDraft, { id: template.id, slug: template.slug, status: template.status });
        store.loadSamples(loadStoredSamples(template.id) ?? ['{}']);
        store.setSidePanel('inspector');
        // Records are remembered per template as they are typed.
        unsubscribe = editorStore.subscribe((next, previous) => {
          if (next.samples !== previous.samples) storeSamples(template.id, next.samples.map((sample) => sample.text));
        });
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
      unsubscribe?.();
    };
  }, [templateId]);
  return state;
}
