// A TextRun as absolutely positioned, escaped HTML spans using embedded @font-face fonts.
import type { TextRun } from '../../layout/laidOutLabel';
import { POINTS_PER_UNIT } from '../../units/length';
import { escapeXml } from '../svgEscape';
import { svgNumber } from '../svgNumber';
import type { HtmlEmitContext } from '../../emit/html/htmlContext';

/**
 * Rules for the line boxes below, for the document's stylesheet. A line is a zero-font-size block whose only line
 * box is `line-height` tall: with no font metrics of its own (size 0), its baseline sits exactly half way down. The
 * span inside has line-height 0, so its glyphs sit on that baseline without enlarging the line box. The baseline
 * therefore lands on the layout's baseline whatever ascent and descent the browser reads from the font and however
 * it rounds them. The line is placed by a transform, not left/top: Chromium snaps a box's text to whole CSS pixels
 * (0.75pt, measured at 300 dpi) but paints a translated one where it is put.
 */
export const HTML_TEXT_CSS =
  '.ls-line{position:absolute;left:0;top:0;margin:0;padding:0;font-size:0;white-space:pre;transform-origin:0 0}' +
  '.ls-line>span{line-height:0;font-kerning:normal;font-synthesis:none}';

const CSS_COLOR = /^#[0-9a-fA-F]{6}$/;

/** The colour for a style attribute; anything but #rrggbb is refused so no value can add CSS of its own. */
function cssColor(color: string): string {
  if (!CSS_COLOR.test(color)) throw new Error(`not a #rrggbb colour: ${JSON.stringify(color)}`);
  return color;
}

export function textRunToHtml(run: TextRun, ctx: HtmlEmitContext): string {
  const family = ctx.useFont(run.fontKey, run.lines.map((line) => line.text).join(''));
  // Half the line box is at least one em, so the glyphs (ascent and descent are each below an em) stay inside it,
  // and a whole number of CSS pixels: Chromium rounds a fractional half-leading, which moved baselines by 0.5pt.
  const halfLineBoxPx = Math.ceil(run.fontSize / POINTS_PER_UNIT.px);
  const halfLineBox = halfLineBoxPx * POINTS_PER_UNIT.px;
  const spanStyle = escapeXml(
    `font-family:"${family}";font-size:${svgNumber(run.fontSize)}pt;color:${cssColor(run.color)}`,
  );
  // The line box's origin is its top-left (the stylesheet's default), so scaling x keeps the left edge in place.
  const stretch = run.scaleX === undefined || run.scaleX === 1 ? '' : ` scaleX(${svgNumber(run.scaleX)})`;
  return run.lines
    .filter((line) => line.text !== '')
    .map((line) => {
      const lineStyle = `transform:translate(${svgNumber(line.x)}pt,${svgNumber(line.baseline - halfLineBox)}pt)${stretch};line-height:${2 * halfLineBoxPx}px`;
      return `<div class="ls-line" style="${lineStyle}"><span style="${spanStyle}">${escapeXml(line.text)}</span></div>`;
    })
    .join('');
}
