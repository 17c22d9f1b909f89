// Saving, publishing and restoring the open template: what is sent is what is marked saved, even if editing goes on meanwhile.
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import type { EditorTemplate } from '@shared/api/editorApi';
import {
  editorStore,
  sampleTextsOf,
  selectIsDirty,
  withSampleData,
  withoutSampleData,
  type TemplateDraft,
} from '../../store';

/** What the document bar and the history panel show of the stored template. */
function infoOf(template: EditorTemplate) {
  return {
    slug: template.slug,
    status: template.status,
    latestVersion: template.latestVersion,
    draftChanged: template.draftChanged,
  };
}

/** Loads a template from the server into the editor: the draft, its sample records, its state. */
export function openDocument(template: EditorTemplate): void {
  const store = editorStore.getState();
  // The stored content is the input shape with defaults applied: a valid draft as it is.
  const content = template.content as TemplateDraft;
  store.loadDocument(withoutSampleData(content), { id: template.id, ...infoOf(template) });
  store.loadSamples(sampleTextsOf(content));
}

/** PUT the template with its sample records; true when saved. Edits made while the request runs stay unsaved. */
export async function saveDocument(): Promise<boolean> {
  const state = editorStore.getState();
  const id = state.documentInfo.id;
  if (id === null) return false;
  const { template: sent, samples: sentSamples } = state;
  try {
    const saved = await client.saveTemplate(id, withSampleData(sent, sentSamples));
    editorStore.setState({ savedTemplate: sent, savedSamples: sentSamples });
    editorStore.getState().setDocumentInfo(infoOf(saved));
    editorStore.getState().showNotice('info', 'Saved.');
    return true;
  } catch (error) {
    editorStore.getState().showNotice('error', `Not saved: ${describeError(error)}`);
    return false;
  }
}

/**
 * Publishes the draft as the next version (saving first, so what is published is what is on screen), with an optional
 * note; true when published.
 */
export async function publishDocument(note?: string): Promise<boolean> {
  const state = editorStore.getState();
  const id = state.documentInfo.id;
  if (id === null) return false;
  if (selectIsDirty(state) && !(await saveDocument())) return false;
  try {
    const published = await client.publishTemplate(id, note);
    editorStore.getState().setDocumentInfo(infoOf(published));
    editorStore
      .getState()
      .showNotice('info', `Published as version ${published.latestVersion ?? ''}: API keys render it now.`);
    return true;
  } catch (error) {
    editorStore.getState().showNotice('error', `Not published: ${describeError(error)}`);
    return false;
  }
}

/** Takes the template back to draft: API keys no longer see any version of it. */
export async function unpublishDocument(): Promise<void> {
  const id = editorStore.getState().documentInfo.id;
  if (id === null) return;
  try {
    const changed = await client.setTemplateStatus(id, 'draft');
    editorStore.getState().setDocumentInfo(infoOf(changed));
    editorStore.getState().showNotice('info', 'Unpublished: the template is a draft again.');
  } catch (error) {
    editorStore.getState().showNotice('error', `Not unpublished: ${describeError(error)}`);
  }
}

/** Publishes version `number` again as the next version and opens it as the draft (unsaved edits are dropped). */
export async function restoreVersion(number: number): Promise<boolean> {
  const id = editorStore.getState().documentInfo.id;
  if (id === null) return false;
  try {
    const restored = await client.restoreVersion(id, number);
    openDocument(restored);
    editorStore
      .getState()
      .showNotice('info', `Version ${number} restored: published again as version ${restored.latestVersion ?? ''}.`);
    return true;
  } catch (error) {
    editorStore.getState().showNotice('error', `Not restored: ${describeError(error)}`);
    return false;
  }
}
