// Draws a laid-out rect element in ZPL.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter } from '../../emit/zpl/zplContext';

export const emitRectZpl: ZplElementEmitter<LaidOutOf<'rect'>> = () => {
  throw new Error('not implemented: rect in ZPL');
};
