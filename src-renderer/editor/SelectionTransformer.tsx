// The resize and rotate handles around the selection; a finished transform becomes one store change (one undo step).
import type Konva from 'konva';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { Transformer } from 'react-konva';
import type { CanvasLayout } from '../engine';
import type { EditorStore } from '../store/editorStore';
import { elementGeometry } from '../store/geometry';
import type { GeometryChange } from '../store/templateEdits';
import { geometryAfterTransform } from './transformGeometry';

const ROTATION_SNAPS = [0, 45, 90, 135, 180, 225, 270, 315];
const ACCENT = '#2563eb';

interface SelectionTransformerProps {
  store: EditorStore;
  selectedIds: readonly string[];
  /** Reattaches after every layout: a box that changed size must be framed anew. */
  layout: CanvasLayout;
  nodes: RefObject<Map<string, Konva.Group>>;
}

type TransformerBox = Parameters<NonNullable<Konva.TransformerConfig['boundBoxFunc']>>[0];

/** A resize that would collapse a side to under a pixel is refused rather than turned inside out (a line's 0 height may stay 0). */
function keepSides(oldBox: TransformerBox, newBox: TransformerBox): TransformerBox {
  const collapses = (before: number, after: number) => Math.abs(after) < 1 && Math.abs(before) >= 1;
  return collapses(oldBox.width, newBox.width) || collapses(oldBox.height, newBox.height) ? oldBox : newBox;
}

export function SelectionTransformer({ store, selectedIds, layout, nodes }: SelectionTransformerProps) {
  const transformer = useRef<Konva.Transformer>(null);

  // Rendered in the same Konva tree after the elements, so their nodes are registered when this runs.
  useLayoutEffect(() => {
    const current = transformer.current;
    if (!current) return;
    current.nodes(selectedIds.flatMap((id) => nodes.current.get(id) ?? []));
    current.forceUpdate();
    current.getLayer()?.batchDraw();
  }, [selectedIds, layout, nodes]);

  const onTransformEnd = () => {
    const current = transformer.current;
    if (!current) return;
    const { template } = store.getState();
    const changes: GeometryChange[] = [];
    const transformed = current.nodes();
    for (const node of transformed) {
      const element = template.elements.find((candidate) => candidate.id === node.id());
      const geometry = element && elementGeometry(element);
      if (geometry) {
        const after = geometryAfterTransform(geometry, { x: node.x(), y: node.y(), scaleX: node.scaleX(), scaleY: node.scaleY(), rotation: node.rotation() });
        changes.push({ id: node.id(), ...after });
      }
      // Size lives in the laid-out box, never in a node's scale: the new layout draws the element at its new size.
      node.setAttrs({ scaleX: 1, scaleY: 1, skewX: 0, skewY: 0 });
    }
    store.getState().transformElements(changes);
    if (store.getState().template === template) {
      // Nothing changed, so no new props will arrive: put the nodes back where their boxes are.
      for (const node of transformed) {
        const item = [...layout.label.elements, ...layout.failures].find((candidate) => candidate.id === node.id());
        if (item) node.setAttrs({ x: item.box.x + item.box.width / 2, y: item.box.y + item.box.height / 2, rotation: item.rotation });
      }
    }
  };

  return (
    <Transformer
      ref={transformer}
      keepRatio={false}
      flipEnabled={false}
      rotationSnaps={ROTATION_SNAPS}
      rotationSnapTolerance={4}
      borderStroke={ACCENT}
      anchorStroke={ACCENT}
      anchorSize={8}
      boundBoxFunc={keepSides}
      onTransformEnd={onTransformEnd}
    />
  );
}
