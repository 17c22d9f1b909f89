// Draws a laid-out line element in SVG.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';
import { svgNumber } from '../svgNumber';
import { svgPaintAttributes } from '../shapeSvg';

export const emitLineSvg: SvgElementEmitter<LaidOutOf<'line'>> = (element) => {
  if (element.stroke === undefined) return '';
  const { x1, y1, x2, y2 } = element;
  return `<line x1="${svgNumber(x1)}" y1="${svgNumber(y1)}" x2="${svgNumber(x2)}" y2="${svgNumber(y2)}" ${svgPaintAttributes({ stroke: element.stroke, strokeWidth: element.strokeWidth })}/>`;
};
