// Draws a laid-out image element in SVG: the data URI stretched over its placement, clipped to the element box.
import { overlap, showsOnPage } from '../../layout/boxBounds';
import type { LaidOutLabel, LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';
import { escapeXml } from '../svgEscape';
import { svgNumber } from '../svgNumber';

/**
 * An id made from the element id (unique in a template): letters, digits and '-' are kept, anything else
 * becomes _hex_, so the result is a valid XML id, safe inside url(#…), and distinct for distinct element ids.
 */
export function clipPathId(elementId: string): string {
  const safe = Array.from(elementId, (char) =>
    /[A-Za-z0-9-]/.test(char) ? char : `_${(char.codePointAt(0) ?? 0).toString(16)}_`,
  );
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

/**
 * Whether any of the image can show on the label: the part of its placement inside its box, turned with the element,
 * overlaps the page. resvg aborts the whole process (a Rust panic it cannot unwind) rasterising a clipped image that
 * lies far enough off the page, so one that cannot show is left out of the SVG; it would draw nothing anyway.
 */
export function imageShows(element: LaidOutOf<'image'>, label: Pick<LaidOutLabel, 'width' | 'height'>): boolean {
  const visible = overlap(element.placement, element.box);
  if (visible === undefined) return false;
  const centre = { x: element.box.x + element.box.width / 2, y: element.box.y + element.box.height / 2 };
  return showsOnPage(visible, element.rotation, label, centre);
}
