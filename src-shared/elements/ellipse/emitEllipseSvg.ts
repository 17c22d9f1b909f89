// Draws a laid-out ellipse element in SVG.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';
import { svgNumber } from '../svgNumber';
import { svgPaintAttributes } from '../shapeSvg';

export const emitEllipseSvg: SvgElementEmitter<LaidOutOf<'ellipse'>> = (element) => {
  if (element.stroke === undefined && element.fill === undefined) return '';
  const { x, y, width, height } = element.shape;
  return `<ellipse cx="${svgNumber(x + width / 2)}" cy="${svgNumber(y + height / 2)}" rx="${svgNumber(width / 2)}" ry="${svgNumber(height / 2)}" ${svgPaintAttributes(element)}/>`;
};
