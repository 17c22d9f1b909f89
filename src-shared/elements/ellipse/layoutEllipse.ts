// Lays out a ellipse element: template element in its box to positioned primitives.
import type { ElementLayout } from '../../layout/layoutContext';
import type { ElementOf } from '../elementSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';

export const layoutEllipse: ElementLayout<ElementOf<'ellipse'>, LaidOutOf<'ellipse'>> = () => {
  throw new Error('not implemented: ellipse layout');
};
