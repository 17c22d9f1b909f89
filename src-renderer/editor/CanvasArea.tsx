// The drawing area: rulers on two sides and the canvas, which takes the keyboard (arrows nudge), pans with space + drag and pinches.
import { useCallback, useEffect, useId, useRef } from 'react';
import type { CanvasLayout, FontRegistry } from '../engine';
import { layoutIssues } from './layoutIssues';
import { editorStore, selectTemplateUnit, useEditorStore } from '../store';
import { useElementSize } from '../ui/useElementSize';
import { EditorView } from './EditorView';
import { CanvasStatus } from './CanvasStatus';
import { CanvasWarnings } from './CanvasWarnings';
import { Ruler } from './Rulers';
import { useSpacePan } from './useSpacePan';
import { useTouchPinch } from './useTouchPinch';

export function CanvasArea({ fonts }: { fonts: FontRegistry }) {
  const host = useRef<HTMLDivElement>(null);
  const size = useElementSize(host);
  const unit = useEditorStore(selectTemplateUnit);
  const panning = useSpacePan(host, editorStore);
  useTouchPinch(host, editorStore);
  const helpId = useId();
  useEffect(() => {
    if (size) editorStore.getState().setCanvasSize(size);
  }, [size]);
  const onLayout = useCallback((layout: CanvasLayout) => {
    const state = editorStore.getState();
    state.setLayoutIssues(layoutIssues(layout, state.template));
    state.setCanvasLabel(layout.label);
  }, []);
  return (
    <div className="canvas-area">
      <div className="ruler-corner" aria-hidden="true">
        {unit}
      </div>
      <Ruler orientation="horizontal" />
      <Ruler orientation="vertical" />
      <div
        ref={host}
        className={panning ? 'canvas-host panning' : 'canvas-host'}
        tabIndex={0}
        role="application"
        aria-label="Label canvas"
        aria-describedby={helpId}
      >
        <EditorView store={editorStore} fonts={fonts} className="editor-canvas" onLayout={onLayout} />
        <CanvasStatus />
        <CanvasWarnings />
        <p id={helpId} className="visually-hidden">
          Click an element to select it, or choose it under “Selected element” in the inspector. Arrow keys move the
          selection (Shift for larger steps), Delete removes it, Ctrl+Z undoes, Ctrl+D duplicates. Hold Space and drag
          to pan; Ctrl and the mouse wheel zoom, as does a pinch.
        </p>
      </div>
    </div>
  );
}
