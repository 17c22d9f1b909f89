// What an HTML element emitter gets; fragments are absolutely positioned in points inside the label.
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement } from '../../layout/laidOutLabel';

export interface HtmlEmitContext {
  fonts: FontRegistry;
  /** Marks a face as used so the writer embeds it (and only the used ones) as @font-face. */
  useFont(key: FontFaceKey): string;
}

/** Returns the element's HTML; the writer applies rotation. Every data value must be escaped. */
export type HtmlElementEmitter<T extends LaidOutElement> = (element: T, ctx: HtmlEmitContext) => string;
