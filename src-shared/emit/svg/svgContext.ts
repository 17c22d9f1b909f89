// What an SVG element emitter gets; fragments use points as user units (the writer sets the viewBox).
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement } from '../../layout/laidOutLabel';

export interface SvgEmitContext {
  fonts: FontRegistry;
}

/** Returns the element's SVG markup; the writer wraps it in the rotation transform. Every data value must be escaped. */
export type SvgElementEmitter<T extends LaidOutElement> = (element: T, ctx: SvgEmitContext) => string;
