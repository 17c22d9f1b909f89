// React hooks around the engine's forgiving layout: one layouter per component, laid out again only when an input changes.
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { createLayoutForCanvas, type CanvasLayout, type FontRegistry, type LabelData } from '../engine';
import type { EditorStore } from '../store/editorStore';
import { selectSampleData, selectTemplate } from '../store/selectors';

export function useCanvasLayout(template: unknown, data: LabelData, fonts: FontRegistry): CanvasLayout {
  const [layoutForCanvas] = useState(createLayoutForCanvas);
  return useMemo(() => layoutForCanvas(template, data, fonts), [layoutForCanvas, template, data, fonts]);
}

/** The layout of the store's template with its selected sample record. */
export function useEditorLayout(store: EditorStore, fonts: FontRegistry): CanvasLayout {
  const template = useStore(store, selectTemplate);
  const data = useStore(store, selectSampleData);
  return useCanvasLayout(template, data, fonts);
}
