// Undo and redo of document changes: snapshots of the template, one per change, a gesture (drag, transform, scrub) as one.
import type { StateCreator } from 'zustand';
import type { EditorState } from './editorState';
import type { TemplateDraft } from './templateDraft';

/** Steps kept; the oldest fall off. Snapshots share unchanged elements, so 200 of them cost little. */
export const HISTORY_LIMIT = 200;

export interface HistorySlice {
  past: TemplateDraft[];
  future: TemplateDraft[];
  /** The template when the running gesture began; changes during a gesture make no steps of their own. */
  gestureBase: TemplateDraft | null;
  undo(): void;
  redo(): void;
  /** Starts a gesture: the document changes until endGesture() become one undo step. */
  beginGesture(): void;
  /** Ends the gesture, recording one step if the document changed. */
  endGesture(): void;
  /** Ends the gesture and puts the document back as it was when the gesture began. */
  cancelGesture(): void;
}

/** The state update for a new template: one history step, or none inside a gesture or when nothing changed. */
export function documentChange(state: EditorState, template: TemplateDraft): Partial<EditorState> {
  if (template === state.template) return {};
  if (state.gestureBase !== null) return { template };
  return { template, past: [...state.past, state.template].slice(-HISTORY_LIMIT), future: [] };
}

/** Selection without ids the template no longer has. */
export function existingSelection(selectedIds: readonly string[], template: TemplateDraft): string[] {
  const ids = new Set(template.elements.map((element) => element.id));
  return selectedIds.filter((id) => ids.has(id));
}

export const createHistorySlice: StateCreator<EditorState, [], [], HistorySlice> = (set) => ({
  past: [],
  future: [],
  gestureBase: null,
  // Undo and redo wait while a gesture runs: stepping back in the middle of a drag has no sensible meaning.
  undo: () =>
    set((state) => {
      const previous = state.past[state.past.length - 1];
      if (previous === undefined || state.gestureBase !== null) return {};
      return {
        template: previous,
        past: state.past.slice(0, -1),
        future: [state.template, ...state.future],
        selectedIds: existingSelection(state.selectedIds, previous),
      };
    }),
  redo: () =>
    set((state) => {
      const next = state.future[0];
      if (next === undefined || state.gestureBase !== null) return {};
      return {
        template: next,
        past: [...state.past, state.template].slice(-HISTORY_LIMIT),
        future: state.future.slice(1),
        selectedIds: existingSelection(state.selectedIds, next),
      };
    }),
  beginGesture: () => set((state) => (state.gestureBase === null ? { gestureBase: state.template } : {})),
  endGesture: () =>
    set((state) => {
      const base = state.gestureBase;
      if (base === null) return {};
      if (base === state.template) return { gestureBase: null };
      return { gestureBase: null, past: [...state.past, base].slice(-HISTORY_LIMIT), future: [] };
    }),
  cancelGesture: () =>
    set((state) => {
      const base = state.gestureBase;
      if (base === null) return {};
      return { gestureBase: null, template: base, selectedIds: existingSelection(state.selectedIds, base) };
    }),
});
