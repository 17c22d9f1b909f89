// Draws a laid-out ellipse element in ZPL.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter } from '../../emit/zpl/zplContext';

export const emitEllipseZpl: ZplElementEmitter<LaidOutOf<'ellipse'>> = () => {
  throw new Error('not implemented: ellipse in ZPL');
};
