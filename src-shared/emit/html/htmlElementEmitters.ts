// The HTML of a kind without its own: its SVG markup inside an inline <svg>.
import { kindOf } from '../../elements/elementKinds';
import type { LaidOutElement } from '../../layout/laidOutLabel';
import type { HtmlElementEmitter } from './htmlContext';
import { textRunToHtml } from '../../elements/text/htmlText';

/**
 * The viewBox makes one user unit one point, and the visible overflow lets the element's markup (in label
 * coordinates, like every SVG emitter's) reach anywhere on the label, which clips it. One inch is a whole 96 CSS
 * pixels: Chromium stores sizes in 1/64 px, and a 1pt (1.333px) box scaled the drawing 0.4% short.
 */
const SVG_IN_POINTS = '<svg class="ls-svg" viewBox="0 0 72 72" width="72pt" height="72pt">';

/** Rules for the inline SVGs above, for the document's stylesheet. */
export const HTML_SVG_CSS = '.ls-svg{position:absolute;left:0;top:0;overflow:visible}';

/**
 * Reuses the element's SVG emitter, so shapes, images and bars match the PDF and PNG outputs. A barcode's
 * human-readable line leaves the SVG and becomes HTML text like every other text of the label.
 */
export const svgElementAsHtml: HtmlElementEmitter<LaidOutElement> = (element, ctx) => {
  const emitSvg = kindOf(element).emit.svg;
  const svgCtx = { fonts: ctx.fonts };
  if (element.type === 'barcode' && element.humanReadable) {
    const bars = emitSvg({ ...element, humanReadable: undefined }, svgCtx);
    return `${SVG_IN_POINTS}${bars}</svg>${textRunToHtml(element.humanReadable, ctx)}`;
  }
  return `${SVG_IN_POINTS}${emitSvg(element, svgCtx)}</svg>`;
};
