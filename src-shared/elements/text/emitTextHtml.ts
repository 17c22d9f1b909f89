// Draws a laid-out text element in HTML.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { HtmlElementEmitter } from '../../emit/html/htmlContext';

export const emitTextHtml: HtmlElementEmitter<LaidOutOf<'text'>> = () => {
  throw new Error('not implemented: text in HTML');
};
