// Draws a laid-out text element in HTML: one positioned line per laid-out line, in the element's embedded face.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { HtmlElementEmitter } from '../../emit/html/htmlContext';
import { textRunToHtml } from './htmlText';

export const emitTextHtml: HtmlElementEmitter<LaidOutOf<'text'>> = (element, ctx) => textRunToHtml(element, ctx);
