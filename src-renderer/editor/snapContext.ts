// What snapping works against in the editor's current state: the other elements' bounds, the label, and the user's settings.
import type { Box, CanvasLayout } from '../engine';
import type { EditorState } from '../store/editorState';
import { rotatedBounds } from '../store/geometry';
import { selectLabelSize, selectSafeMargin } from '../store/selectors';
import { SNAP_PIXELS, snapThreshold, type SnapOptions, type SnapTargets } from './snapping';

/** Where each drawn element (and each failure marker) covers the label, rotation included. */
export function boundsById(layout: CanvasLayout): Map<string, Box> {
  const bounds = new Map<string, Box>();
  for (const item of [...layout.label.elements, ...layout.failures])
    bounds.set(item.id, rotatedBounds(item.box, item.rotation));
  return bounds;
}

/**
 * Targets and options for moving or resizing `movingIds`: every other element, the label and its safe margin, at the
 * current zoom. `free` (Alt held, as in most design tools) switches snapping off for the gesture.
 */
export function snapSetup(
  state: EditorState,
  layout: CanvasLayout,
  movingIds: readonly string[],
  free: boolean,
): { targets: SnapTargets; options: SnapOptions } {
  const boxes = [...boundsById(layout)].filter(([id]) => !movingIds.includes(id)).map(([, box]) => box);
  return {
    targets: { label: selectLabelSize(state), safeMargin: selectSafeMargin(state), boxes },
    options: {
      threshold: snapThreshold(SNAP_PIXELS, state.zoom),
      objects: state.snapToObjects && !free,
      grid: state.grid.snap && !free ? state.grid.size : undefined,
    },
  };
}
