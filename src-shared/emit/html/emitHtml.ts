// Writes LaidOutLabels as one self-contained HTML document: a page per label, fonts embedded as subsets, nothing fetched.
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement, LaidOutLabel } from '../../layout/laidOutLabel';
import { svgNumber } from '../../elements/svgNumber';
import type { HtmlEmitContext } from './htmlContext';
import { HTML_SVG_CSS, svgElementAsHtml } from './htmlElementEmitters';
import { kindOf } from '../../elements/elementKinds';
import { HtmlFontUse } from './htmlFonts';
import { HTML_TEXT_CSS } from '../../elements/text/htmlText';

/**
 * No scripts, no frames, no requests: styles only inline, fonts and images only as data: URIs. A label opened from
 * disk or shown in a preview can then neither run nor leak anything whatever its data held.
 */
export const HTML_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:; base-uri 'none'; form-action 'none'";

/** The element's fragment in a layer covering the label, turned about the element's box centre when rotated. */
function elementHtml(element: LaidOutElement, ctx: HtmlEmitContext): string {
  const emit = kindOf(element).emit.html ?? svgElementAsHtml;
  const inner = emit(element, ctx);
  const className = element.reverse ? 'ls-el ls-reverse' : 'ls-el';
  if (element.rotation % 360 === 0) return `<div class="${className}">${inner}</div>`;
  const cx = element.box.x + element.box.width / 2;
  const cy = element.box.y + element.box.height / 2;
  const style = `transform-origin:${svgNumber(cx)}pt ${svgNumber(cy)}pt;transform:rotate(${svgNumber(element.rotation)}deg)`;
  return `<div class="${className}" style="${style}">${inner}</div>`;
}

/**
 * One page per label, in order. The page size is the first label's: a batch comes from one template, so one
 * label stock. Lengths are CSS points, which browsers map exactly (1in = 72pt = 96px).
 */
export async function emitHtmlPages(labels: readonly LaidOutLabel[], fonts: FontRegistry): Promise<string> {
  const first = labels[0];
  if (!first) throw new Error('an HTML document needs at least one label');
  // One set of fonts for the whole document: each face once, subset to the characters of every label.
  const fontUse = new HtmlFontUse();
  const ctx: HtmlEmitContext = { fonts, useFont: (key, text) => fontUse.use(key, text) };
  const pages = labels.map((label) => {
    const size = `width:${svgNumber(label.width)}pt;height:${svgNumber(label.height)}pt`;
    return `<div class="${label.mirror ? 'ls-label ls-mirror' : 'ls-label'}" style="${size}">${label.elements.map((element) => elementHtml(element, ctx)).join('')}</div>`;
  });
  const css = [
    ...(await fontUse.fontFaceRules(fonts)),
    `@page{size:${svgNumber(first.width / 72)}in ${svgNumber(first.height / 72)}in;margin:0}`,
    'html,body{margin:0;padding:0;background:#ffffff;-webkit-print-color-adjust:exact;print-color-adjust:exact}',
    '.ls-label{position:relative;overflow:hidden;break-after:page}',
    '.ls-label:last-child{break-after:auto}',
    // ZPL ^PMY: the page flipped about its vertical centre line. The transform isolates the page's content, so the
    // page paints its own white for reversed elements to blend with. Only where a label needs it.
    ...(labels.some((label) => label.mirror) ? ['.ls-mirror{transform:scaleX(-1);background:#ffffff}'] : []),
    '.ls-el{position:absolute;left:0;top:0;width:0;height:0}',
    // A reversed element (ZPL ^FR) is painted white and inverts what is beneath it: white minus black is white, white minus white black.
    '.ls-reverse{mix-blend-mode:difference}',
    HTML_SVG_CSS,
    HTML_TEXT_CSS,
  ].join('\n');
  return [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${HTML_CONTENT_SECURITY_POLICY}">`,
    '<title>Label</title>',
    `<style>\n${css}\n</style>`,
    '</head><body>',
    ...pages,
    '</body></html>',
    '',
  ].join('\n');
}

/** A single label as a document of one page. */
export function emitHtml(label: LaidOutLabel, fonts: FontRegistry): Promise<string> {
  return emitHtmlPages([label], fonts);
}
