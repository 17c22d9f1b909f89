// Lays out a image element: template element in its box to positioned primitives.
import type { ElementLayout } from '../../layout/layoutContext';
import type { ElementOf } from '../elementSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';

export const layoutImage: ElementLayout<ElementOf<'image'>, LaidOutOf<'image'>> = () => {
  throw new Error('not implemented: image layout');
};
