// Draws a laid-out text element in ZPL: printer-font fields at right angles, a graphic at any other angle.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter } from '../../emit/zpl/zplContext';
import { textRunToZpl, zplOrientation } from '../../emit/zpl/zplText';

export const emitTextZpl: ZplElementEmitter<LaidOutOf<'text'>> = (element, ctx) => {
  if (element.lines.length === 0) return '';
  if (zplOrientation(element.rotation) === undefined) return ctx.graphic(element);
  return textRunToZpl(element, ctx, { box: element.box, rotation: element.rotation, align: element.textAlign });
};
