// Draws a laid-out text element in SVG.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';

export const emitTextSvg: SvgElementEmitter<LaidOutOf<'text'>> = () => {
  throw new Error('not implemented: text in SVG');
};
