// Draws a laid-out rect element in SVG.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';
import { svgNumber } from '../svgNumber';
import { svgPaintAttributes } from '../shapeSvg';

export const emitRectSvg: SvgElementEmitter<LaidOutOf<'rect'>> = (element) => {
  if (element.stroke === undefined && element.fill === undefined) return '';
  const { x, y, width, height } = element.shape;
  const radius = element.cornerRadius > 0 ? ` rx="${svgNumber(element.cornerRadius)}"` : '';
  return `<rect x="${svgNumber(x)}" y="${svgNumber(y)}" width="${svgNumber(width)}" height="${svgNumber(height)}"${radius} ${svgPaintAttributes(element)}/>`;
};
