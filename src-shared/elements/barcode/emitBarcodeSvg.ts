// Draws a laid-out barcode element in SVG.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';

export const emitBarcodeSvg: SvgElementEmitter<LaidOutOf<'barcode'>> = () => {
  throw new Error('not implemented: barcode in SVG');
};
