// Draws a laid-out image element in SVG.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';

export const emitImageSvg: SvgElementEmitter<LaidOutOf<'image'>> = () => {
  throw new Error('not implemented: image in SVG');
};
