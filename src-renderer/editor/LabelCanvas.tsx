// The editor's canvas: the LaidOutLabel drawn with react-konva at the store's zoom and pan, with selection, drags and transforms.
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useRef, useState } from 'react';
import { Layer, Rect, Stage } from 'react-konva';
import { useStore } from 'zustand';
import type { CanvasLayout, FontRegistry } from '../engine';
import type { EditorStore } from '../store/editorStore';
import { selectSafeMargin, selectSelectedIds } from '../store/selectors';
import { LabelBackground, LabelOverlay } from './CanvasBackdrop';
import { CanvasElement, CanvasFailure } from './CanvasElement';
import { IssueMarkers } from './IssueMarkers';
import { RotationBadges } from './RotationBadges';
import { SelectionTransformer } from './SelectionTransformer';
import type { Guide } from './snapping';
import { useCanvasPointer } from './useCanvasPointer';

export interface LabelCanvasProps {
  store: EditorStore;
  /** From useEditorLayout(store, fonts): the canvas draws exactly this. */
  layout: CanvasLayout;
  fonts: FontRegistry;
  /** Stage size in CSS pixels. */
  width: number;
  height: number;
}

/** Wheel zoom per pixel of scroll: one notch (100 px) is about 20 %. */
const WHEEL_ZOOM_RATE = 0.002;

export function LabelCanvas({ store, layout, fonts, width, height }: LabelCanvasProps) {
  const stage = useRef<Konva.Stage>(null);
  const zoom = useStore(store, (state) => state.zoom);
  const pan = useStore(store, (state) => state.pan);
  const grid = useStore(store, (state) => state.grid);
  const selectedIds = useStore(store, selectSelectedIds);
  const safeMargin = useStore(store, selectSafeMargin);
  const pointer = useCanvasPointer(store, layout, stage);
  const [resizeGuides, setResizeGuides] = useState<Guide[]>([]);
  const label = { width: layout.label.width, height: layout.label.height };

  const onWheel = (event: KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    const state = store.getState();
    if (event.evt.ctrlKey || event.evt.metaKey) {
      state.setZoom(
        state.zoom * Math.exp(-event.evt.deltaY * WHEEL_ZOOM_RATE),
        stage.current?.getPointerPosition() ?? undefined,
      );
    } else {
      state.panBy(-event.evt.deltaX, -event.evt.deltaY);
    }
  };

  return (
    <Stage
      ref={stage}
      width={width}
      height={height}
      x={pan.x}
      y={pan.y}
      scaleX={zoom}
      scaleY={zoom}
      onPointerDown={pointer.onStagePointerDown}
      onWheel={onWheel}
    >
      <Layer listening={false}>
        <LabelBackground label={label} grid={grid.visible ? grid.size : undefined} zoom={zoom} />
      </Layer>
      <Layer>
        {/* Reversed elements blend with what is beneath in this layer: the paper must be here for them to turn black on it. */}
        {layout.label.elements.some((element) => element.reverse) && (
          <Rect width={label.width} height={label.height} fill="#ffffff" listening={false} />
        )}
        {layout.label.elements.map((element) => (
          <CanvasElement key={element.id} element={element} fonts={fonts} events={pointer.events} />
        ))}
        {layout.failures.map((failure) => (
          <CanvasFailure key={`failed:${failure.id}`} failure={failure} events={pointer.events} />
        ))}
      </Layer>
      <Layer>
        <LabelOverlay
          label={label}
          safeMargin={safeMargin}
          view={{ x: -pan.x / zoom, y: -pan.y / zoom, width: width / zoom, height: height / zoom }}
          guides={pointer.guides.length > 0 ? pointer.guides : resizeGuides}
          marquee={pointer.marquee}
        />
        <RotationBadges elements={layout.label.elements} zoom={zoom} />
        <SelectionTransformer
          store={store}
          selectedIds={selectedIds}
          layout={layout}
          nodes={pointer.nodes}
          onGuides={setResizeGuides}
        />
        <IssueMarkers store={store} layout={layout} zoom={zoom} />
      </Layer>
    </Stage>
  );
}
