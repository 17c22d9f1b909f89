// Draws a laid-out line element in SVG.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';

export const emitLineSvg: SvgElementEmitter<LaidOutOf<'line'>> = () => {
  throw new Error('not implemented: line in SVG');
};
