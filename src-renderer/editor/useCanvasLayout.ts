// React hooks around the engine's forgiving layout: one layouter per component, laid out again only when an input changes.
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { withLibraryImages } from '@shared/elements/image/libraryImageRefs';
import type { DesignTarget } from '@shared/layout/designWarnings';
import { CANVAS_TARGET, createLayoutForCanvas, type CanvasLayout, type FontRegistry, type LabelData } from '../engine';
import { libraryImagesStore, refreshLibraryImages } from '../features/imageLibrary/libraryImagesStore';
import type { EditorStore } from '../store/editorStore';
import { selectSampleData, selectTemplate, selectTemplateUnit } from '../store/selectors';
import { countersKey, nextCountersStore, refreshNextCounters } from './nextCountersStore';
import { designTarget } from './target/canvasTarget';

/**
 * `target`: the printer resolution the barcodes are laid out for (in its whole dots) and the margin it cannot print.
 * Library images (`src: "image:NAME"`) are drawn with the workspace's current ones, as the server's renders are.
 */
export function useCanvasLayout(
  template: unknown,
  data: LabelData,
  fonts: FontRegistry,
  target: DesignTarget = CANVAS_TARGET,
  counters?: Readonly<Record<string, number>>,
): CanvasLayout {
  const [layoutForCanvas] = useState(createLayoutForCanvas);
  const uris = useStore(libraryImagesStore, (state) => state.uris);
  const drawn = useMemo(() => withLibraryImages(template, uris), [template, uris]);
  return useMemo(
    () => layoutForCanvas(drawn, data, fonts, target, counters),
    [layoutForCanvas, drawn, data, fonts, target, counters],
  );
}

/** The layout of the store's template with its selected sample record, for the printer the canvas draws for. */
export function useEditorLayout(store: EditorStore, fonts: FontRegistry): CanvasLayout {
  const template = useStore(store, selectTemplate);
  const data = useStore(store, selectSampleData);
  const dpi = useStore(store, (state) => state.canvasTarget.dpi);
  const margin = useStore(store, (state) => state.canvasTarget.unprintableMargin);
  // The warnings give lengths in the template's unit.
  const unit = useStore(store, selectTemplateUnit);
  const target = useMemo(() => designTarget(dpi, margin, unit), [dpi, margin, unit]);
  useEffect(() => {
    void refreshLibraryImages();
  }, []);
  // The counters numbered as the next live render numbers them: read again when the template's counters change.
  const counters = useStore(nextCountersStore, (state) => state.values);
  const countersOf = useMemo(() => countersKey(template), [template]);
  useEffect(() => {
    void refreshNextCounters(template);
    // Only a change to the counters themselves needs the server again, not every edit of the template.
  }, [countersOf]);
  return useCanvasLayout(template, data, fonts, target, counters);
}
