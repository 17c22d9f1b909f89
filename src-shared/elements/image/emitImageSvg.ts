// Draws a laid-out image element in SVG: the data URI stretched over its placement, clipped to the element box.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';
import { escapeXml } from '../../emit/svg/svgEscape';
import { svgNumber } from '../../emit/svg/svgNumber';

/**
 * An id made from the element id (unique in a template): letters, digits and '-' are kept, anything else
 * becomes _hex_, so the result is a valid XML id, safe inside url(#…), and distinct for distinct element ids.
 */
export function clipPathId(elementId: string): string {
  const safe = Array.from(elementId, (char) => (/[A-Za-z0-9-]/.test(char) ? char : `_${(char.codePointAt(0) ?? 0).toString(16)}_`));
  return `ls-clip-${safe.join('')}`;
}

export const emitImageSvg: SvgElementEmitter<LaidOutOf<'image'>> = (element) => {
  const { box, placement } = element;
  const id = escapeXml(clipPathId(element.id));
  const href = escapeXml(`data:${element.mime};base64,${element.base64}`);
  return (
    `<clipPath id="${id}"><rect x="${svgNumber(box.x)}" y="${svgNumber(box.y)}" width="${svgNumber(box.width)}" height="${svgNumber(box.height)}"/></clipPath>` +
    `<image href="${href}" x="${svgNumber(placement.x)}" y="${svgNumber(placement.y)}" width="${svgNumber(placement.width)}" height="${svgNumber(placement.height)}" preserveAspectRatio="none" clip-path="url(#${id})"/>`
  );
};
