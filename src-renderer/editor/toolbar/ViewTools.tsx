// Zoom out, the zoom readout, zoom in and fit; the grid and snapping switches.
import { editorStore, useEditorStore } from '../../store';
import { canZoomIn, canZoomOut, zoomIn, zoomOut, zoomPercent } from './zoomSteps';

/** Zooms about the canvas centre, so what is in the middle stays there. */
function zoomTo(zoom: number): void {
  const state = editorStore.getState();
  const size = state.canvasSize;
  state.setZoom(zoom, size ? { x: size.width / 2, y: size.height / 2 } : undefined);
}

export function ViewTools() {
  const zoom = useEditorStore((state) => state.zoom);
  const grid = useEditorStore((state) => state.grid);
  const snap = useEditorStore((state) => state.snapToObjects);
  const fit = () => {
    const state = editorStore.getState();
    if (state.canvasSize) state.fitToView(state.canvasSize);
  };
  const setGridVisible = (visible: boolean) => editorStore.getState().setGrid({ visible, snap: visible && snap });
  const setSnap = (on: boolean) => {
    editorStore.getState().setSnapToObjects(on);
    // Grid snapping follows the grid being shown: snapping to lines nobody sees would feel like a sticky mouse.
    editorStore.getState().setGrid({ snap: on && grid.visible });
  };
  return (
    <>
      <button
        type="button"
        aria-label="Zoom out"
        title="Zoom out"
        onClick={() => zoomTo(zoomOut(zoom))}
        disabled={!canZoomOut(zoom)}
      >
        −
      </button>
      <output className="zoom-readout" aria-label="Zoom level">
        {zoomPercent(zoom)} %
      </output>
      <button
        type="button"
        aria-label="Zoom in"
        title="Zoom in"
        onClick={() => zoomTo(zoomIn(zoom))}
        disabled={!canZoomIn(zoom)}
      >
        +
      </button>
      <button type="button" aria-label="Zoom to fit" title="Zoom to fit" onClick={fit}>
        Fit
      </button>
      <button
        type="button"
        aria-pressed={grid.visible}
        onClick={() => setGridVisible(!grid.visible)}
        title="Show the grid"
      >
        Grid
      </button>
      <button
        type="button"
        aria-pressed={snap}
        onClick={() => setSnap(!snap)}
        title="Snap to other elements, the label and the grid"
      >
        Snap
      </button>
    </>
  );
}
