// Lays out a text element: template element in its box to positioned primitives.
import type { ElementLayout } from '../../layout/layoutContext';
import type { ElementOf } from '../elementSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';

export const layoutText: ElementLayout<ElementOf<'text'>, LaidOutOf<'text'>> = () => {
  throw new Error('not implemented: text layout');
};
