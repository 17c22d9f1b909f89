// What the editor knows of an element kind: its name, how the canvas draws it, its inspector panel, a new one's defaults.
import type { ComponentType } from 'react';
import type { ElementType } from '@shared/elements/elementSchema';
import type { LaidOutOf } from '../engine';
import type { ElementDraftOf } from '../store/templateDraft';
import type { ElementNodeProps } from './elementNodeProps';

/** One kind's descriptor, exported by `elements/<kind>/index.ts` and listed once in EDITOR_KINDS. */
export interface EditorKind<T extends ElementType> {
  /** What the inspector's title, the element list and the insert buttons call it. */
  name: string;
  /** Draws the laid-out element on the canvas (react-konva), from the same layout the outputs use. */
  Node: ComponentType<ElementNodeProps<LaidOutOf<T>>>;
  /** The kind's own fields in the inspector; the position, size and content common to all kinds are drawn around it. */
  Inspector: ComponentType<{ element: ElementDraftOf<T> }>;
  /** A new element as the editor adds it: its size in points and the kind's own fields. */
  defaults: {
    width: number;
    height: number;
    fields: Omit<ElementDraftOf<T>, 'id' | 'type' | 'position' | 'width' | 'height'>;
  };
}
