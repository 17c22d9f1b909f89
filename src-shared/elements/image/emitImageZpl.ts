// Draws a laid-out image element in ZPL.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter } from '../../emit/zpl/zplContext';

export const emitImageZpl: ZplElementEmitter<LaidOutOf<'image'>> = () => {
  throw new Error('not implemented: image in ZPL');
};
