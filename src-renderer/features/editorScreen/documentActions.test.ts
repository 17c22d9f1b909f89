import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorApiError } from '../../api/apiError';
import { editorStore, type TemplateDraft } from '../../store';

const saveTemplate = vi.fn();
const publishTemplate = vi.fn();
vi.mock('../../api/appClient', () => ({
  client: {
    saveTemplate: (...args: unknown[]) => saveTemplate(...args),
    publishTemplate: (...args: unknown[]) => publishTemplate(...args),
  },
}));

const { saveDocument, publishDocument } = await import('./documentActions');

const template: TemplateDraft = {
  formatVersion: 1,
  meta: { name: 'Tag' },
  dimensions: { width: '50mm', height: '30mm' },
  elements: [],
};
const record = (status: 'draft' | 'published') => ({
  id: 't1',
  slug: 'tag',
  name: 'Tag',
  status,
  librarySlug: null,
  createdAt: 1,
  updatedAt: 2,
  dimensions: template.dimensions,
  content: template,
  latestVersion: status === 'published' ? 1 : null,
  draftChanged: status === 'draft',
});

beforeEach(() => {
  saveTemplate.mockReset();
  publishTemplate.mockReset();
  editorStore.getState().loadDocument(template, { id: 't1', slug: 'tag', status: 'draft' });
});

describe('saving the open template', () => {
  it('sends the template and marks exactly what was sent as saved, even if editing went on meanwhile', async () => {
    let answer: (value: unknown) => void = () => undefined;
    saveTemplate.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    editorStore.getState().updateTemplate({ meta: { name: 'Tag 2' } });
    const sent = editorStore.getState().template;
    const saving = saveDocument();
    editorStore.getState().updateTemplate({ meta: { name: 'Tag 3' } });
    answer(record('draft'));
    expect(await saving).toBe(true);
    expect(saveTemplate).toHaveBeenCalledWith('t1', sent);
    expect(editorStore.getState().savedTemplate).toBe(sent);
    // The edit made while saving is still unsaved.
    expect(editorStore.getState().template).not.toBe(sent);
    expect(editorStore.getState().notice).toMatchObject({ kind: 'info', message: 'Saved.' });
  });

  it('says why a save failed, with the template’s problems', async () => {
    saveTemplate.mockRejectedValue(
      new EditorApiError('INVALID_TEMPLATE', 'template is invalid', 400, {
        errors: [{ path: 'dimensions.width', message: 'must be greater than zero' }],
      }),
    );
    editorStore.getState().updateTemplate({ dimensions: { width: '0mm' } });
    expect(await saveDocument()).toBe(false);
    expect(editorStore.getState().notice?.message).toBe(
      'Not saved: The label has problems: dimensions.width: must be greater than zero',
    );
    expect(editorStore.getState().savedTemplate).not.toBe(editorStore.getState().template);
  });

  it('saves before publishing, and publishes nothing when the save fails', async () => {
    saveTemplate.mockResolvedValue(record('draft'));
    publishTemplate.mockResolvedValue(record('published'));
    editorStore.getState().updateTemplate({ meta: { name: 'Tag 2' } });
    expect(await publishDocument('first run')).toBe(true);
    expect(saveTemplate).toHaveBeenCalledOnce();
    expect(publishTemplate).toHaveBeenCalledWith('t1', 'first run');
    expect(editorStore.getState().documentInfo).toMatchObject({
      status: 'published',
      latestVersion: 1,
      draftChanged: false,
    });
    expect(editorStore.getState().notice?.message).toBe('Published as version 1: API keys render it now.');

    saveTemplate.mockRejectedValue(new EditorApiError('NETWORK_ERROR', 'down', 0));
    publishTemplate.mockClear();
    editorStore.getState().updateTemplate({ meta: { name: 'Tag 3' } });
    expect(await publishDocument()).toBe(false);
    expect(publishTemplate).not.toHaveBeenCalled();
  });
});
