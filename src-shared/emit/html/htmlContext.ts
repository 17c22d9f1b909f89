// What an HTML element emitter gets; fragments are absolutely positioned in points inside the label.
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement } from '../../layout/laidOutLabel';

export interface HtmlEmitContext {
  fonts: FontRegistry;
  /** Marks `text` as drawn in the face so the writer embeds the face, subset to the characters used, as @font-face. */
  useFont(key: FontFaceKey, text: string): string;
}

/** Returns the element's HTML; the writer applies rotation. Every data value must be escaped. */
export type HtmlElementEmitter<T extends LaidOutElement> = (element: T, ctx: HtmlEmitContext) => string;
