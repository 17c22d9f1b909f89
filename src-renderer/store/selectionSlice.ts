// Which elements are selected (not history: selecting never makes an undo step).
import type { StateCreator } from 'zustand';
import type { EditorState } from './editorState';

export interface SelectionSlice {
  /** In selection order; the canvas's transformer and the inspector use it. */
  selectedIds: string[];
  /** Replaces the selection. */
  select(ids: readonly string[]): void;
  /** Adds ids not yet selected (shift + marquee). */
  addToSelection(ids: readonly string[]): void;
  /** Shift-click: adds or removes one element. */
  toggleSelected(id: string): void;
  clearSelection(): void;
  selectAll(): void;
}

export const createSelectionSlice: StateCreator<EditorState, [], [], SelectionSlice> = (set) => ({
  selectedIds: [],
  select: (ids) => set({ selectedIds: [...new Set(ids)] }),
  addToSelection: (ids) => set((state) => ({ selectedIds: [...new Set([...state.selectedIds, ...ids])] })),
  toggleSelected: (id) =>
    set((state) => ({
      selectedIds: state.selectedIds.includes(id)
        ? state.selectedIds.filter((selected) => selected !== id)
        : [...state.selectedIds, id],
    })),
  clearSelection: () => set((state) => (state.selectedIds.length === 0 ? {} : { selectedIds: [] })),
  selectAll: () => set((state) => ({ selectedIds: state.template.elements.map((element) => element.id) })),
});
