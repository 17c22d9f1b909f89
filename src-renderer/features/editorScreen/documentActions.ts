// Saving and publishing the open template: what is sent is what is marked saved, even if editing goes on meanwhile.
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore, selectIsDirty, withSampleData } from '../../store';

/** PUT the template with its sample records; true when saved. Edits made while the request runs stay unsaved. */
export async function saveDocument(): Promise<boolean> {
  const state = editorStore.getState();
  const id = state.documentInfo.id;
  if (id === null) return false;
  const { template: sent, samples: sentSamples } = state;
  try {
    const saved = await client.saveTemplate(id, withSampleData(sent, sentSamples));
    editorStore.setState({ savedTemplate: sent, savedSamples: sentSamples });
    editorStore.getState().setDocumentInfo({ slug: saved.slug, status: saved.status });
    editorStore.getState().showNotice('info', 'Saved.');
    return true;
  } catch (error) {
    editorStore.getState().showNotice('error', `Not saved: ${describeError(error)}`);
    return false;
  }
}

/** Publishes (saving first, so what is published is what is on screen) or takes back to draft. */
export async function setDocumentStatus(status: 'draft' | 'published'): Promise<void> {
  const state = editorStore.getState();
  const id = state.documentInfo.id;
  if (id === null) return;
  if (status === 'published' && selectIsDirty(state) && !(await saveDocument())) return;
  try {
    const changed = await client.setTemplateStatus(id, status);
    editorStore.getState().setDocumentInfo({ status: changed.status });
    editorStore
      .getState()
      .showNotice('info', changed.status === 'published' ? 'Published: API keys can render this template now.' : 'Unpublished: the template is a draft again.');
  } catch (error) {
    editorStore.getState().showNotice('error', `${status === 'published' ? 'Not published' : 'Not unpublished'}: ${describeError(error)}`);
  }
}
