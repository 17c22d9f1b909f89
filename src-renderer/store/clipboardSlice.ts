// The editor's own clipboard of elements: copy, cut and paste within and between documents (not history).
import type { StateCreator } from 'zustand';
import { templateUnit } from '../editor/units';
import type { EditorState } from './editorState';
import { documentChange } from './historySlice';
import { selectSelectedElements } from './selectors';
import type { ElementDraft } from './templateDraft';
import { appendElements, copiesOf, copyOffset, removeElements } from './templateEdits';

export interface ClipboardSlice {
  clipboard: ElementDraft[];
  /** Pastes since the last copy: each paste lands one offset further, so repeated pastes fan out instead of stacking. */
  pasteCount: number;
  copySelection(): void;
  /** Copies and deletes the selection (one undo step); the first paste puts it back where it was. */
  cutSelection(): void;
  /** Adds the clipboard's elements with fresh ids on top and selects them (one undo step). */
  paste(): void;
}

export const createClipboardSlice: StateCreator<EditorState, [], [], ClipboardSlice> = (set) => ({
  clipboard: [],
  pasteCount: 0,
  copySelection: () =>
    set((state) => {
      const selected = selectSelectedElements(state);
      return selected.length === 0 ? {} : { clipboard: selected, pasteCount: 0 };
    }),
  cutSelection: () =>
    set((state) => {
      const selected = selectSelectedElements(state);
      if (selected.length === 0) return {};
      return {
        ...documentChange(state, removeElements(state.template, state.selectedIds)),
        clipboard: selected,
        pasteCount: -1,
        selectedIds: [],
      };
    }),
  paste: () =>
    set((state) => {
      if (state.clipboard.length === 0) return {};
      const offset = copyOffset(templateUnit(state.template)) * (state.pasteCount + 1);
      const copies = copiesOf(state.template, state.clipboard, offset, offset);
      return {
        ...documentChange(state, appendElements(state.template, copies)),
        pasteCount: state.pasteCount + 1,
        selectedIds: copies.map((copy) => copy.id),
      };
    }),
});
