// The editor's zustand store: its slices put together, a factory for tests and windows, and the app's instance with its hook.
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createClipboardSlice } from './clipboardSlice';
import { createDocumentSlice } from './documentSlice';
import type { EditorState } from './editorState';
import { createHistorySlice } from './historySlice';
import { createSampleDataSlice } from './sampleDataSlice';
import { createSelectionSlice } from './selectionSlice';
import { createSheetSlice } from './sheetSlice';
import { createUiSlice } from './uiSlice';
import { createViewportSlice } from './viewportSlice';

export type EditorStore = StoreApi<EditorState>;

export function createEditorStore(): EditorStore {
  return createStore<EditorState>()((...args) => ({
    ...createDocumentSlice(...args),
    ...createHistorySlice(...args),
    ...createSelectionSlice(...args),
    ...createViewportSlice(...args),
    ...createSampleDataSlice(...args),
    ...createSheetSlice(...args),
    ...createClipboardSlice(...args),
    ...createUiSlice(...args),
  }));
}

/** The editor window's store. */
export const editorStore = createEditorStore();

/** Reads the app's store in a component; selectors from ./selectors keep references stable. */
export function useEditorStore<T>(selector: (state: EditorState) => T): T {
  return useStore(editorStore, selector);
}
