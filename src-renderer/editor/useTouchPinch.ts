// Pinch and two-finger pan on a touch screen: the second finger turns the touch into a view change, never an edit.
import { useEffect, type RefObject } from 'react';
import type { EditorStore } from '../store/editorStore';
import type { Point } from '../store/geometry';
import { clampZoom, type View } from '../store/viewportSlice';
import { pinchView, type TouchPair } from './pinchZoom';

interface Pinch {
  ids: [number, number];
  start: TouchPair;
  view: View;
  /** The stage's top-left corner on the page when the pinch began. */
  origin: Point;
}

/**
 * Touchpad pinches reach the page as Ctrl + wheel (handled with the wheel); touch screens send pointers. The first
 * finger acts as a press (select, drag, marquee); when a second one lands, the first one's drag or marquee is
 * cancelled (it reverts: nothing is committed) and the two fingers zoom and pan until one lifts.
 */
export function useTouchPinch(host: RefObject<HTMLElement | null>, store: EditorStore): void {
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const touches = new Map<number, PointerEvent>();
    let pinch: Pinch | null = null;

    const pairOf = (ids: [number, number], origin: Point): TouchPair | undefined => {
      const [a, b] = ids.map((id) => touches.get(id));
      if (!a || !b) return undefined;
      return {
        a: { x: a.clientX - origin.x, y: a.clientY - origin.y },
        b: { x: b.clientX - origin.x, y: b.clientY - origin.y },
      };
    };

    // Capture: the second finger never reaches Konva's handlers (selection) under it.
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      touches.set(event.pointerId, event);
      if (touches.size < 2) return;
      event.preventDefault();
      event.stopPropagation();
      if (pinch) return;
      const [first, second] = [...touches.keys()] as [number, number];
      // The first finger's press may be following a drag or drawing a marquee: it is cancelled and puts things back.
      window.dispatchEvent(new PointerEvent('pointercancel', { pointerId: first, pointerType: 'touch' }));
      const stage = element.querySelector('canvas')?.getBoundingClientRect() ?? element.getBoundingClientRect();
      const origin = { x: stage.left, y: stage.top };
      const start = pairOf([first, second], origin);
      const { zoom, pan } = store.getState();
      if (start) pinch = { ids: [first, second], start, view: { zoom, pan }, origin };
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!touches.has(event.pointerId)) return;
      touches.set(event.pointerId, event);
      const now = pinch && pairOf(pinch.ids, pinch.origin);
      if (pinch && now) store.getState().setView(pinchView(pinch.view, pinch.start, now, clampZoom));
    };
    const onPointerEnd = (event: PointerEvent) => {
      // The cancel sent above is for the drag, not a finger that lifted.
      if (!event.isTrusted) return;
      touches.delete(event.pointerId);
      if (pinch?.ids.includes(event.pointerId)) pinch = null;
    };

    element.addEventListener('pointerdown', onPointerDown, { capture: true });
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerEnd);
    window.addEventListener('pointercancel', onPointerEnd);
    return () => {
      element.removeEventListener('pointerdown', onPointerDown, { capture: true });
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onPointerEnd);
      window.removeEventListener('pointercancel', onPointerEnd);
    };
  }, [host, store]);
}
