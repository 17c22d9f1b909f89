// React hooks around the engine's forgiving layout: one layouter per component, laid out again only when an input changes.
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { CANVAS_TARGET, createLayoutForCanvas, type CanvasLayout, type FontRegistry, type LabelData } from '../engine';
import type { EditorStore } from '../store/editorStore';
import { selectSampleData, selectTemplate } from '../store/selectors';

/** `dpi`: the printer resolution the barcodes are laid out for, in its whole dots. */
export function useCanvasLayout(template: unknown, data: LabelData, fonts: FontRegistry, dpi: number = CANVAS_TARGET.targetDpi): CanvasLayout {
  const [layoutForCanvas] = useState(createLayoutForCanvas);
  return useMemo(() => layoutForCanvas(template, data, fonts, { targetDpi: dpi }), [layoutForCanvas, template, data, fonts, dpi]);
}

/** The layout of the store's template with its selected sample record, for the printer the canvas draws for. */
export function useEditorLayout(store: EditorStore, fonts: FontRegistry): CanvasLayout {
  const template = useStore(store, selectTemplate);
  const data = useStore(store, selectSampleData);
  const dpi = useStore(store, (state) => state.canvasTarget.dpi);
  return useCanvasLayout(template, data, fonts, dpi);
}
