// Lays out a line element: template element in its box to positioned primitives.
import type { ElementLayout } from '../../layout/layoutContext';
import type { ElementOf } from '../elementSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';

export const layoutLine: ElementLayout<ElementOf<'line'>, LaidOutOf<'line'>> = () => {
  throw new Error('not implemented: line layout');
};
