// Draws a laid-out barcode element in ZPL.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter } from '../../emit/zpl/zplContext';

export const emitBarcodeZpl: ZplElementEmitter<LaidOutOf<'barcode'>> = () => {
  throw new Error('not implemented: barcode in ZPL');
};
