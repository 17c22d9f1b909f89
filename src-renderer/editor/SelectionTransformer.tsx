// The resize and rotate handles around the selection, snapping resized edges with smart guides; a finished transform is one store change (one undo step).
import type Konva from 'konva';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { Transformer } from 'react-konva';
import type { CanvasLayout } from '../engine';
import type { EditorStore } from '../store/editorStore';
import { elementGeometry } from '../store/geometry';
import type { GeometryChange } from '../store/templateEdits';
import { snapSetup } from './snapContext';
import { edgesOfAnchor, snapResize, type Guide } from './snapping';
import { geometryAfterTransform } from './transformGeometry';

const ROTATION_SNAPS = [0, 45, 90, 135, 180, 225, 270, 315];
const ACCENT = '#2563eb';

interface SelectionTransformerProps {
  store: EditorStore;
  selectedIds: readonly string[];
  /** Reattaches after every layout: a box that changed size must be framed anew. */
  layout: CanvasLayout;
  nodes: RefObject<Map<string, Konva.Group>>;
  /** The smart guides of the resize in progress (none once it ends). */
  onGuides(guides: Guide[]): void;
}

type TransformerBox = Parameters<NonNullable<Konva.TransformerConfig['boundBoxFunc']>>[0];

/** A resize that would collapse a side to under a pixel is refused rather than turned inside out (a line's 0 height may stay 0). */
function keepSides(oldBox: TransformerBox, newBox: TransformerBox): TransformerBox {
  const collapses = (before: number, after: number) => Math.abs(after) < 1 && Math.abs(before) >= 1;
  return collapses(oldBox.width, newBox.width) || collapses(oldBox.height, newBox.height) ? oldBox : newBox;
}

/** Under a thousandth of a degree (Konva gives radians here): an unturned selection, whose edges can snap. */
const UNROTATED = 1e-5;

export function SelectionTransformer({ store, selectedIds, layout, nodes, onGuides }: SelectionTransformerProps) {
  const transformer = useRef<Konva.Transformer>(null);
  /** Set when a pointercancel (a pinch beginning, the browser taking a touch over) stops the transform in progress. */
  const cancelled = useRef(false);
  /** Alt held during the resize: it resizes freely, as it moves freely while dragging. */
  const altHeld = useRef(false);
  const shownGuides = useRef<Guide[]>([]);
  const showGuides = (guides: Guide[]) => {
    // Called on every pointer move: the canvas re-renders only when the guides change.
    if (guides.length === 0 && shownGuides.current.length === 0) return;
    shownGuides.current = guides;
    onGuides(guides);
  };

  /**
   * Konva hands the resized box in stage pixels; in label points its moving edges snap like a drag (to other elements,
   * the label, the grid), and the snapped box goes back to Konva, which scales the nodes to it. Rotation is not snapped
   * here (the transformer's own rotation snaps do that), nor are turned selections, whose edges are not the box's.
   */
  const boundBox = (oldBox: TransformerBox, newBox: TransformerBox): TransformerBox => {
    const edges = edgesOfAnchor(transformer.current?.getActiveAnchor() ?? '');
    const resizing = edges.left || edges.right || edges.top || edges.bottom;
    if (!resizing || Math.abs(newBox.rotation) > UNROTATED) {
      showGuides([]);
      return keepSides(oldBox, newBox);
    }
    const state = store.getState();
    const { zoom, pan } = state;
    const { targets, options } = snapSetup(state, layout, selectedIds, altHeld.current);
    const inLabel = {
      x: (newBox.x - pan.x) / zoom,
      y: (newBox.y - pan.y) / zoom,
      width: newBox.width / zoom,
      height: newBox.height / zoom,
    };
    const snapped = snapResize(inLabel, edges, targets, options);
    const onStage = {
      ...newBox,
      x: pan.x + snapped.box.x * zoom,
      y: pan.y + snapped.box.y * zoom,
      width: snapped.box.width * zoom,
      height: snapped.box.height * zoom,
    };
    const kept = keepSides(oldBox, onStage);
    showGuides(kept === onStage ? snapped.guides : []);
    return kept;
  };

  const trackAlt = (event: PointerEvent) => {
    altHeld.current = event.altKey;
  };
  const onTransformStart = () => {
    // Registered before Konva's own mousemove handling of the same move (pointer events come first).
    window.addEventListener('pointermove', trackAlt);
  };

  // A cancelled resize or turn is put back, not committed: Konva follows its own touch events, so it is stopped here.
  useEffect(() => {
    const onPointerCancel = () => {
      const current = transformer.current;
      if (!current?.isTransforming()) return;
      cancelled.current = true;
      current.stopTransform();
    };
    window.addEventListener('pointercancel', onPointerCancel);
    return () => window.removeEventListener('pointercancel', onPointerCancel);
  }, []);

  // Rendered in the same Konva tree after the elements, so their nodes are registered when this runs.
  useLayoutEffect(() => {
    const current = transformer.current;
    if (!current) return;
    current.nodes(selectedIds.flatMap((id) => nodes.current.get(id) ?? []));
    current.forceUpdate();
    current.getLayer()?.batchDraw();
  }, [selectedIds, layout, nodes]);

  const onTransformEnd = () => {
    window.removeEventListener('pointermove', trackAlt);
    altHeld.current = false;
    showGuides([]);
    const wasCancelled = cancelled.current;
    cancelled.current = false;
    const current = transformer.current;
    if (!current) return;
    const { template } = store.getState();
    const changes: GeometryChange[] = [];
    const transformed = current.nodes();
    for (const node of transformed) {
      const element = template.elements.find((candidate) => candidate.id === node.id());
      const geometry = element && elementGeometry(element);
      if (geometry && !wasCancelled) {
        const after = geometryAfterTransform(geometry, {
          x: node.x(),
          y: node.y(),
          scaleX: node.scaleX(),
          scaleY: node.scaleY(),
          rotation: node.rotation(),
        });
        changes.push({ id: node.id(), ...after });
      }
      // Size lives in the laid-out box, never in a node's scale: the new layout draws the element at its new size.
      node.setAttrs({ scaleX: 1, scaleY: 1, skewX: 0, skewY: 0 });
    }
    if (changes.length > 0) store.getState().transformElements(changes);
    if (store.getState().template === template) {
      // Nothing changed (or the transform was cancelled), so no new props will arrive: put the nodes back where their boxes are.
      for (const node of transformed) {
        const item = [...layout.label.elements, ...layout.failures].find((candidate) => candidate.id === node.id());
        if (item)
          node.setAttrs({
            x: item.box.x + item.box.width / 2,
            y: item.box.y + item.box.height / 2,
            rotation: item.rotation,
          });
      }
    }
    // Konva leaves the elements' hit graph blank while it transforms and restores it only at the next frame: a click
    // that comes sooner (a slow frame, a quick hand) would hit nothing and clear the selection. Draw it back now.
    for (const layer of new Set(transformed.map((node) => node.getLayer()))) layer?.draw();
  };

  return (
    <Transformer
      ref={transformer}
      keepRatio={false}
      // The frame is the elements' boxes, not their outlines (a failure marker's stroke would widen it): resized edges
      // then land exactly where they snapped, and sizes scale by the box alone.
      ignoreStroke
      flipEnabled={false}
      rotationSnaps={ROTATION_SNAPS}
      rotationSnapTolerance={4}
      borderStroke={ACCENT}
      anchorStroke={ACCENT}
      anchorSize={8}
      boundBoxFunc={boundBox}
      onTransformStart={onTransformStart}
      onTransformEnd={onTransformEnd}
    />
  );
}
