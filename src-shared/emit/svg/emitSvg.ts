// Writes a LaidOutLabel as one SVG document (points as user units) by walking the element emitters.
import { imageShows } from '../../elements/image/emitImageSvg';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement, LaidOutLabel } from '../../layout/laidOutLabel';
import type { SvgEmitContext, SvgElementEmitter } from './svgContext';
import { SVG_ELEMENT_EMITTERS } from './svgElementEmitters';
import { svgNumber } from './svgNumber';

/** One element's markup, inside a rotation about its box centre when it is rotated. */
export function elementToSvg(element: LaidOutElement, ctx: SvgEmitContext): string {
  // The table is checked per type; indexing it with a union loses the pairing, so restore it here once.
  const emit = SVG_ELEMENT_EMITTERS[element.type] as SvgElementEmitter<LaidOutElement>;
  const markup = emit(element, ctx);
  // A reversed element (ZPL ^FR) is painted white and inverts what is beneath it; resvg composites the blend against the page.
  const blend = element.reverse ? ' style="mix-blend-mode:difference"' : '';
  if (element.rotation % 360 === 0) return blend === '' ? markup : `<g${blend}>${markup}</g>`;
  const cx = element.box.x + element.box.width / 2;
  const cy = element.box.y + element.box.height / 2;
  return `<g${blend} transform="rotate(${svgNumber(element.rotation)} ${svgNumber(cx)} ${svgNumber(cy)})">${markup}</g>`;
}

export interface SvgDocumentSize {
  /** Values of the root width/height attributes, with their unit ("288pt", "812"). */
  width: string;
  height: string;
  /** Draw without antialiasing (shape-rendering crispEdges): every pixel fully inked or not, as a printer's dots are. */
  crisp?: boolean;
  /**
   * The points the outer size shows, from the label's top-left corner (paper past the label's edges); default the
   * label's own size, stretched to the outer size.
   */
  view?: { width: number; height: number };
}

/** The label's SVG with a chosen outer size; the viewBox is in points. */
export function labelToSvg(label: LaidOutLabel, fonts: FontRegistry, size: SvgDocumentSize): string {
  const ctx: SvgEmitContext = { fonts };
  const width = svgNumber(label.width);
  // Full precision, not svgNumber's 1/1000 pt: a view on a dot grid must stay on it to the last dot.
  const [viewWidth, viewHeight] = size.view ? [String(size.view.width), String(size.view.height)] : [width, svgNumber(label.height)];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${viewWidth} ${viewHeight}" preserveAspectRatio="none"${size.crisp ? ' shape-rendering="crispEdges"' : ''}>`,
    `<rect x="0" y="0" width="${viewWidth}" height="${viewHeight}" fill="#ffffff"/>`,
  ];
  // ^PMY: one group flips the whole drawing about the label's vertical centre line (a group with only a transform
  // does not isolate, so reversed elements still blend with the page).
  if (label.mirror) parts.push(`<g transform="matrix(-1 0 0 1 ${width} 0)">`);
  for (const element of label.elements) {
    if (element.type !== 'image' || imageShows(element, label)) parts.push(elementToSvg(element, ctx));
  }
  if (label.mirror) parts.push('</g>');
  parts.push('</svg>');
  return parts.join('');
}

/** A standalone SVG whose physical size is the label's size in points. */
export function emitSvg(label: LaidOutLabel, fonts: FontRegistry): string {
  return labelToSvg(label, fonts, { width: `${svgNumber(label.width)}pt`, height: `${svgNumber(label.height)}pt` });
}
