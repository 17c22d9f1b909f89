// Draws a laid-out text element in ZPL.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter } from '../../emit/zpl/zplContext';

export const emitTextZpl: ZplElementEmitter<LaidOutOf<'text'>> = () => {
  throw new Error('not implemented: text in ZPL');
};
