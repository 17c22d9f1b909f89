// Lays out a rect element: template element in its box to positioned primitives.
import type { ElementLayout } from '../../layout/layoutContext';
import type { ElementOf } from '../elementSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';

export const layoutRect: ElementLayout<ElementOf<'rect'>, LaidOutOf<'rect'>> = () => {
  throw new Error('not implemented: rect layout');
};
