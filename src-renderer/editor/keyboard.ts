// Editor keyboard shortcuts: which key runs which store action, and a hook that listens while the canvas is in use.
import { useEffect } from 'react';
import type { EditorState } from '../store/editorState';
import type { EditorStore } from '../store/editorStore';

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

type Command = (state: EditorState, large: boolean) => void;

const ARROWS: Record<string, 'left' | 'right' | 'up' | 'down'> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/** Shortcuts with Ctrl (Cmd on a Mac), by lower-case key. */
const WITH_MOD: Record<string, Command> = {
  z: (state, shift) => (shift ? state.redo() : state.undo()),
  y: (state) => state.redo(),
  c: (state) => state.copySelection(),
  x: (state) => state.cutSelection(),
  v: (state) => state.paste(),
  d: (state) => state.duplicateSelection(),
  a: (state) => state.selectAll(),
  ']': (state) => state.bringToFront(),
  '[': (state) => state.sendToBack(),
};

const PLAIN: Record<string, Command> = {
  Delete: (state) => state.deleteSelection(),
  Backspace: (state) => state.deleteSelection(),
  Escape: (state) => state.clearSelection(),
  ']': (state) => state.bringForward(),
  '[': (state) => state.sendBackward(),
};

/** The action for a key press, or undefined when the editor does not use it. */
export function commandForKey(press: KeyPress): ((state: EditorState) => void) | undefined {
  if (press.altKey) return undefined;
  const mod = press.ctrlKey || press.metaKey;
  const direction = ARROWS[press.key];
  if (direction && !mod) return (state) => state.nudgeSelection(direction, press.shiftKey);
  const command = mod ? WITH_MOD[press.key.toLowerCase()] : PLAIN[press.key];
  return command && ((state) => command(state, press.shiftKey));
}

/**
 * Typing in a form field keeps its keys: Backspace deletes a character there, not the selection. An open dialog keeps
 * every key: Delete in "Rename template" must not delete elements behind it.
 */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('dialog') !== null
  );
}

/** Listens on the window while mounted (and enabled). */
export function useEditorKeyboard(store: EditorStore, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTextEntry(event.target)) return;
      const command = commandForKey(event);
      if (!command) return;
      event.preventDefault();
      command(store.getState());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store, enabled]);
}
