// Draws a laid-out text element in SVG.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';
import { textRunToSvg } from './svgText';

export const emitTextSvg: SvgElementEmitter<LaidOutOf<'text'>> = (element, ctx) => textRunToSvg(element, ctx);
