// Pointer work on the canvas: click and shift-click selection, dragging the selection with smart guides, marquee selection.
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Box, CanvasLayout } from '../engine';
import type { EditorStore } from '../store/editorStore';
import { boxContains, unionBox, type Point } from '../store/geometry';
import type { CanvasElementEvents } from './CanvasElement';
import { boundsById, snapSetup } from './snapContext';
import { snapBox, type Guide } from './snapping';

/** A press moves nothing until the pointer has travelled this far (screen pixels): a click is not a tiny drag. */
const DRAG_START_PIXELS = 3;

export interface CanvasPointer {
  events: CanvasElementEvents;
  /** Canvas nodes by element id, for the transformer. */
  nodes: RefObject<Map<string, Konva.Group>>;
  onStagePointerDown(event: KonvaEventObject<PointerEvent>): void;
  /** Smart guides of the drag in progress. */
  guides: Guide[];
  /** The marquee being drawn, in label points. */
  marquee: Box | null;
}

/**
 * Runs `onMove` and `onEnd` for the pointer that pressed (a second finger's moves are not this drag's) until it is
 * released or cancelled; `cancelled` (the browser took the touch over, or a pinch began) means undo, not commit.
 * Returns a function that stops listening early.
 */
function followPointer(
  start: PointerEvent,
  onMove: (event: PointerEvent) => void,
  onEnd: (event: PointerEvent, cancelled: boolean) => void,
): () => void {
  const move = (event: PointerEvent) => {
    if (event.pointerId === start.pointerId) onMove(event);
  };
  const end = (event: PointerEvent) => {
    if (event.pointerId !== start.pointerId) return;
    stop();
    onEnd(event, event.type === 'pointercancel');
  };
  const stop = () => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', end);
    window.removeEventListener('pointercancel', end);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
  return stop;
}

export function useCanvasPointer(
  store: EditorStore,
  layout: CanvasLayout,
  stage: RefObject<Konva.Stage | null>,
): CanvasPointer {
  const nodes = useRef(new Map<string, Konva.Group>());
  const latestLayout = useRef(layout);
  useLayoutEffect(() => {
    latestLayout.current = layout;
  }, [layout]);
  const [guides, setGuides] = useState<Guide[]>([]);
  const [marquee, setMarquee] = useState<Box | null>(null);
  const stopFollowing = useRef<(() => void) | null>(null);
  useEffect(() => () => stopFollowing.current?.(), []);

  /** Moves the selection's nodes with the pointer (snapped), and commits one move to the store when released. */
  const dragSelection = useCallback(
    (pressedId: string, wasSelected: boolean, start: PointerEvent) => {
      const state = store.getState();
      const ids = state.selectedIds;
      const bounds = boundsById(latestLayout.current);
      const moving = unionBox(ids.flatMap((id) => bounds.get(id) ?? []));
      const dragged = ids.flatMap((id) => {
        const node = nodes.current.get(id);
        return node ? [{ node, from: node.position() }] : [];
      });
      let delta: Point | undefined;

      const place = (shift: Point) => {
        for (const { node, from } of dragged) node.position({ x: from.x + shift.x, y: from.y + shift.y });
        dragged[0]?.node.getLayer()?.batchDraw();
      };
      stopFollowing.current = followPointer(
        start,
        (event) => {
          const dx = event.clientX - start.clientX;
          const dy = event.clientY - start.clientY;
          if (!delta && Math.hypot(dx, dy) < DRAG_START_PIXELS) return;
          const current = store.getState();
          const raw = { x: dx / current.zoom, y: dy / current.zoom };
          if (!moving) {
            delta = raw;
          } else {
            const { targets, options } = snapSetup(current, latestLayout.current, ids, event.altKey);
            const snapped = snapBox({ ...moving, x: moving.x + raw.x, y: moving.y + raw.y }, targets, options);
            delta = { x: snapped.x - moving.x, y: snapped.y - moving.y };
            setGuides(snapped.guides);
          }
          place(delta);
        },
        (event, cancelled) => {
          stopFollowing.current = null;
          setGuides([]);
          if (cancelled) {
            if (delta) place({ x: 0, y: 0 });
          } else if (delta) {
            const before = store.getState().template;
            store.getState().moveElements(ids, delta.x, delta.y);
            // Nothing changed (say, a move that rounds to zero): the props stay as they were, so put the nodes back by hand.
            if (store.getState().template === before) place({ x: 0, y: 0 });
          } else if (wasSelected && !event.shiftKey && ids.length > 1) {
            store.getState().select([pressedId]);
          }
        },
      );
    },
    [store],
  );

  const events = useMemo<CanvasElementEvents>(
    () => ({
      registerNode: (id, node) => {
        if (node) nodes.current.set(id, node);
        else nodes.current.delete(id);
      },
      onPointerDown: (id, event) => {
        if (event.evt.button !== 0) return;
        // The stage would start a marquee otherwise.
        event.cancelBubble = true;
        const state = store.getState();
        const wasSelected = state.selectedIds.includes(id);
        if (event.evt.shiftKey) {
          state.toggleSelected(id);
          if (wasSelected) return;
        } else if (!wasSelected) {
          state.select([id]);
        }
        dragSelection(id, wasSelected, event.evt);
      },
      onDoubleClick: (id) => {
        const state = store.getState();
        if (state.template.elements.find((element) => element.id === id)?.type === 'text') state.editTextOnCanvas(id);
      },
    }),
    [store, dragSelection],
  );

  const onStagePointerDown = useCallback(
    (event: KonvaEventObject<PointerEvent>) => {
      const konvaStage = stage.current;
      if (event.evt.button !== 0 || !konvaStage || event.target !== konvaStage) return;
      const pointInLabel = (pointer: PointerEvent): Point | undefined => {
        konvaStage.setPointersPositions(pointer);
        return konvaStage.getRelativePointerPosition() ?? undefined;
      };
      const origin = pointInLabel(event.evt);
      if (!origin) return;
      let area: Box | null = null;
      stopFollowing.current = followPointer(
        event.evt,
        (move) => {
          const at = pointInLabel(move);
          if (!at) return;
          area = {
            x: Math.min(origin.x, at.x),
            y: Math.min(origin.y, at.y),
            width: Math.abs(at.x - origin.x),
            height: Math.abs(at.y - origin.y),
          };
          setMarquee(area);
        },
        (end, cancelled) => {
          stopFollowing.current = null;
          setMarquee(null);
          if (cancelled) return;
          const state = store.getState();
          const zoom = state.zoom;
          // A click (or a marquee too small to mean anything) on the empty canvas clears the selection.
          if (!area || Math.max(area.width, area.height) * zoom < DRAG_START_PIXELS) {
            if (!end.shiftKey) state.clearSelection();
            return;
          }
          const within = area;
          // Only what lies wholly inside: a marquee over a few fields must not also catch the label's border rectangle.
          const hit = [...boundsById(latestLayout.current)]
            .filter(([, box]) => boxContains(within, box))
            .map(([id]) => id);
          if (end.shiftKey) state.addToSelection(hit);
          else state.select(hit);
        },
      );
    },
    [store, stage],
  );

  return { events, nodes, onStagePointerDown, guides, marquee };
}
