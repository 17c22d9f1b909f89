// Zoom, pan and canvas aids (grid, snapping): how the label is looked at, never part of the document or its history.
import type { StateCreator } from 'zustand';
import { MAX_PERCENT, MIN_PERCENT, zoomForPercent } from '../editor/toolbar/zoomSteps';
import { POINTS_PER_UNIT } from '../editor/units';
import type { EditorState } from './editorState';
import type { Point } from './geometry';
import { selectLabelSize } from './selectors';

/** Every way of zooming (buttons, Ctrl + wheel, pinch, fit) stays within 25–800 % of the label's true size. */
export const MIN_ZOOM = zoomForPercent(MIN_PERCENT);
export const MAX_ZOOM = zoomForPercent(MAX_PERCENT);

export interface GridSettings {
  visible: boolean;
  /** Spacing in points. */
  size: number;
  /** Moving elements snap to the grid lines. */
  snap: boolean;
}

export interface ViewportSlice {
  /** Screen pixels per point. */
  zoom: number;
  /** Where the label's top-left corner is on the stage, in screen pixels. */
  pan: Point;
  grid: GridSettings;
  /** Smart guides: moving elements snap to other elements and the label. */
  snapToObjects: boolean;
  /** Zooms keeping the label point under `anchor` (a stage pixel, default the stage's top-left) where it is. */
  setZoom(zoom: number, anchor?: Point): void;
  setPan(pan: Point): void;
  /** Zoom and pan at once (a pinch moves both); the zoom is clamped like setZoom's. */
  setView(view: View): void;
  panBy(dx: number, dy: number): void;
  /** Zoom and pan that show the whole label centred in a viewport of this many pixels, with a margin. */
  fitToView(viewport: { width: number; height: number }, margin?: number): void;
  setGrid(grid: Partial<GridSettings>): void;
  setSnapToObjects(snap: boolean): void;
}

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** How the label is looked at: screen pixels per point, and where its top-left corner is on the stage. */
export interface View {
  zoom: number;
  pan: Point;
}

/** The view at `zoom` with the label point under `anchor` (a stage pixel) where it was: (anchor - pan) / zoom stays. */
export function zoomAbout(view: View, zoom: number, anchor: Point): View {
  const scale = zoom / view.zoom;
  return {
    zoom,
    pan: { x: anchor.x - (anchor.x - view.pan.x) * scale, y: anchor.y - (anchor.y - view.pan.y) * scale },
  };
}

export const createViewportSlice: StateCreator<EditorState, [], [], ViewportSlice> = (set, get) => ({
  // 96 px per inch: the label at its true size on a typical screen.
  zoom: 96 / 72,
  pan: { x: 24, y: 24 },
  grid: { visible: false, size: POINTS_PER_UNIT.mm, snap: false },
  snapToObjects: true,
  setZoom: (zoom, anchor = { x: 0, y: 0 }) => set((state) => zoomAbout(state, clampZoom(zoom), anchor)),
  setPan: (pan) => set({ pan }),
  setView: ({ zoom, pan }) => set({ zoom: clampZoom(zoom), pan }),
  panBy: (dx, dy) => set((state) => ({ pan: { x: state.pan.x + dx, y: state.pan.y + dy } })),
  fitToView: (viewport, margin = 24) => {
    const label = selectLabelSize(get());
    if (label.width <= 0 || label.height <= 0) return;
    const zoom = clampZoom(
      Math.min((viewport.width - 2 * margin) / label.width, (viewport.height - 2 * margin) / label.height),
    );
    set({
      zoom,
      pan: { x: (viewport.width - label.width * zoom) / 2, y: (viewport.height - label.height * zoom) / 2 },
    });
  },
  setGrid: (grid) => set((state) => ({ grid: { ...state.grid, ...grid } })),
  setSnapToObjects: (snapToObjects) => set({ snapToObjects }),
});
