import { describe, expect, it } from 'vitest';
import { createEditorStore } from './editorStore';

describe('the UI slice', () => {
  it('keeps UI state out of the undo history', () => {
    const store = createEditorStore();
    store.getState().setSidePanel('preview');
    store.getState().setPreviewFormat('zpl');
    store.getState().setGalleryQuery({ search: 'tag' });
    store.getState().setGalleryQuery({ sort: 'name' });
    expect(store.getState()).toMatchObject({
      sidePanel: 'preview',
      previewFormat: 'zpl',
      gallery: { search: 'tag', sort: 'name' },
      past: [],
    });
  });

  it('numbers notices so the same message is announced again', () => {
    const store = createEditorStore();
    store.getState().showNotice('info', 'Saved.');
    const first = store.getState().notice;
    store.getState().showNotice('info', 'Saved.');
    expect(store.getState().notice).toEqual({ id: (first?.id ?? 0) + 1, kind: 'info', message: 'Saved.', screen: '' });
    store.getState().clearNotice();
    expect(store.getState().notice).toBeNull();
  });

  it('leaves a notice behind when another screen opens, and keeps one shown for the screen that opens', () => {
    const store = createEditorStore();
    store.getState().setScreen('#/templates/a');
    store.getState().showNotice('error', 'Not saved: the server is gone.');
    store.getState().setScreen('#/templates/a');
    expect(store.getState().notice?.message).toBe('Not saved: the server is gone.');
    store.getState().setScreen('#/templates/b');
    expect(store.getState().notice).toBeNull();
    // An import on the ZPL page is about the template it opens.
    store.getState().setScreen('#/zpl');
    store.getState().showNotice('info', 'Imported “Parcel” from ZPL.', '#/templates/c');
    store.getState().setScreen('#/templates/c');
    expect(store.getState().notice).toMatchObject({ message: 'Imported “Parcel” from ZPL.', screen: '#/templates/c' });
  });

  it('changes the canvas size only when it differs (no re-render per resize event)', () => {
    const store = createEditorStore();
    store.getState().setCanvasSize({ width: 800, height: 600 });
    const size = store.getState().canvasSize;
    store.getState().setCanvasSize({ width: 800, height: 600 });
    expect(store.getState().canvasSize).toBe(size);
  });
});
