// Typing in a field is one undo step: the first change opens a history gesture, leaving the field (or Enter) closes it, Escape undoes it.
import { useEffect, useMemo, useRef } from 'react';
import { editorStore } from '../../../store';

export interface GestureEdit {
  /** Applies a change, opening the gesture on the first one. */
  change(apply: () => void): void;
  /** Ends the gesture: everything typed since it opened is one step. */
  commit(): void;
  /** Ends the gesture and puts the document back as it was. */
  cancel(): void;
}

export function useGestureEdit(): GestureEdit {
  const open = useRef(false);
  const gesture = useMemo<GestureEdit>(
    () => ({
      change: (apply) => {
        if (!open.current) {
          editorStore.getState().beginGesture();
          open.current = true;
        }
        apply();
      },
      commit: () => {
        if (!open.current) return;
        open.current = false;
        editorStore.getState().endGesture();
      },
      cancel: () => {
        if (!open.current) return;
        open.current = false;
        editorStore.getState().cancelGesture();
      },
    }),
    [],
  );
  // A field removed while typing (its element deleted, another selected) still closes its step.
  useEffect(() => () => gesture.commit(), [gesture]);
  return gesture;
}
