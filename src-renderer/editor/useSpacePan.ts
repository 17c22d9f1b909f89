// Panning the canvas by dragging with the space bar held (or the middle button): the pointer moves the view, not the elements.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EditorStore } from '../store/editorStore';

/** Keys typed into these (or that press them) keep the space bar. */
function ownsSpace(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('dialog')) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A', 'SUMMARY'].includes(target.tagName);
}

/** Returns true while the space bar is held for panning (the canvas shows a hand). */
export function useSpacePan(host: RefObject<HTMLElement | null>, store: EditorStore): boolean {
  const [held, setHeld] = useState(false);
  const holding = useRef(false);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const release = () => {
      holding.current = false;
      setHeld(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.ctrlKey || event.metaKey || event.altKey || ownsSpace(event.target)) return;
      // Without this the page would scroll.
      event.preventDefault();
      holding.current = true;
      setHeld(true);
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') release();
    };
    // Capture: the pan wins over Konva's own handlers (selection, marquee) under it.
    const onPointerDown = (event: PointerEvent) => {
      const middle = event.button === 1;
      if (!middle && !(holding.current && event.button === 0)) return;
      event.preventDefault();
      event.stopPropagation();
      let last = { x: event.clientX, y: event.clientY };
      const move = (next: PointerEvent) => {
        store.getState().panBy(next.clientX - last.x, next.clientY - last.y);
        last = { x: next.clientX, y: next.clientY };
      };
      const end = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', end);
        window.removeEventListener('pointercancel', end);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', end);
      window.addEventListener('pointercancel', end);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', release);
    element.addEventListener('pointerdown', onPointerDown, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', release);
      element.removeEventListener('pointerdown', onPointerDown, { capture: true });
    };
  }, [host, store]);
  return held;
}
