// Draws a laid-out line element in ZPL.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter } from '../../emit/zpl/zplContext';

export const emitLineZpl: ZplElementEmitter<LaidOutOf<'line'>> = () => {
  throw new Error('not implemented: line in ZPL');
};
