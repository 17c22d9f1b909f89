// The canvas filling its container: layout of the store's template, keyboard shortcuts, and a fit-to-view when first shown.
import { useEffect, useRef } from 'react';
import type { CanvasLayout, FontRegistry } from '../engine';
import type { EditorStore } from '../store/editorStore';
import { useEditorKeyboard } from './keyboard';
import { LabelCanvas } from './LabelCanvas';
import { useEditorLayout } from './useCanvasLayout';
import { useElementSize } from '../ui/useElementSize';
import { CanvasTextEditor } from '../elements/text/CanvasTextEditor';

export interface EditorViewProps {
  store: EditorStore;
  fonts: FontRegistry;
  className?: string;
  /** Told each new layout, so the panels can show its errors and warnings without laying out again. */
  onLayout?: (layout: CanvasLayout) => void;
}

export function EditorView({ store, fonts, className, onLayout }: EditorViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const size = useElementSize(container);
  const layout = useEditorLayout(store, fonts);
  const fitted = useRef(false);
  useEditorKeyboard(store);
  useEffect(() => onLayout?.(layout), [layout, onLayout]);
  useEffect(() => {
    if (!size || fitted.current) return;
    fitted.current = true;
    store.getState().fitToView(size);
  }, [size, store]);
  return (
    <div ref={container} className={className}>
      {size && <LabelCanvas store={store} layout={layout} fonts={fonts} width={size.width} height={size.height} />}
      <CanvasTextEditor label={layout.label} />
    </div>
  );
}
