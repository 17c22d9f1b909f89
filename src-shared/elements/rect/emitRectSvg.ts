// Draws a laid-out rect element in SVG.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';

export const emitRectSvg: SvgElementEmitter<LaidOutOf<'rect'>> = () => {
  throw new Error('not implemented: rect in SVG');
};
