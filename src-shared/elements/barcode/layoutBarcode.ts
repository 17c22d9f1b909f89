// Lays out a barcode element: template element in its box to positioned primitives.
import type { ElementLayout } from '../../layout/layoutContext';
import type { ElementOf } from '../elementSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';

export const layoutBarcode: ElementLayout<ElementOf<'barcode'>, LaidOutOf<'barcode'>> = () => {
  throw new Error('not implemented: barcode layout');
};
