// What every element type's canvas node gets: its laid-out element (label coordinates, points) and the fonts it was laid out with.
import type { FontRegistry, LaidOutElement } from '../engine';

export interface ElementNodeProps<T extends LaidOutElement> {
  element: T;
  fonts: FontRegistry;
}
