// The layout engine as the editor uses it in the browser: fonts from the server's files, and a forgiving per-element layout.
export {
  fontListEntrySchema,
  fontListSchema,
  loadBrowserFonts,
  loadServerFonts,
  type FetchFont,
  type FetchLike,
  type FontListEntry,
} from './browserFonts';
export {
  CANVAS_TARGET,
  createLayoutForCanvas,
  type CanvasElementFailure,
  type CanvasLayout,
  type CanvasLayoutError,
  type LayoutForCanvas,
} from './layoutForCanvas';
export { FontRegistry } from '@shared/fonts/fontRegistry';
export { glyphOutline } from '@shared/fonts/glyphOutlines';
export { symbolRects } from '@shared/elements/barcode/symbolRects';
export type { LabelData } from '@shared/layout/layoutLabel';
export type * from '@shared/layout/laidOutLabel';
