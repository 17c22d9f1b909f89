// What every dot drawer of one render shares: the grid, the fonts, the glyph rasters and the cache scope.
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { DotGrid } from './dotGrid';
import type { GlyphMasks } from './glyphMasks';

export interface DotContext {
  grid: DotGrid;
  fonts: FontRegistry;
  glyphs: GlyphMasks;
  /** Whose renders may share cached rasters (the team): see glyphMasks.ts. */
  scope: string;
}
