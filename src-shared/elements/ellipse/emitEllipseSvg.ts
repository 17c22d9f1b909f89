// Draws a laid-out ellipse element in SVG.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';

export const emitEllipseSvg: SvgElementEmitter<LaidOutOf<'ellipse'>> = () => {
  throw new Error('not implemented: ellipse in SVG');
};
