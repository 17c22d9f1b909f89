// The inspector panel of each element type; the mapped type makes the compiler check every type has one.
import type { ComponentType } from 'react';
import type { ElementType } from '@shared/elements/elementSchema';
import type { ElementDraft, ElementDraftOf } from '../store';
import { BarcodeInspector } from './barcode/BarcodeInspector';
import { EllipseInspector } from './ellipse/EllipseInspector';
import { ImageInspector } from './image/ImageInspector';
import { LineInspector } from './line/LineInspector';
import { RectInspector } from './rect/RectInspector';
import { TextInspector } from './text/TextInspector';

const ELEMENT_INSPECTORS: { [T in ElementType]: ComponentType<{ element: ElementDraftOf<T> }> } = {
  text: TextInspector,
  barcode: BarcodeInspector,
  image: ImageInspector,
  line: LineInspector,
  rect: RectInspector,
  ellipse: EllipseInspector,
};

export const ELEMENT_TYPE_NAMES: Record<ElementType, string> = {
  text: 'Text',
  barcode: 'Barcode',
  image: 'Image',
  line: 'Line',
  rect: 'Rectangle',
  ellipse: 'Ellipse',
};

/** The type's own fields for one element. */
export function ElementTypeInspector({ element }: { element: ElementDraft }) {
  // The table is keyed by type, so the entry always matches the element; TypeScript cannot correlate the two.
  const Panel = ELEMENT_INSPECTORS[element.type] as ComponentType<{ element: ElementDraft }>;
  return <Panel element={element} />;
}
