// Every element kind by its type name: the one table of the engine a new kind is added to.
import type { z } from 'zod';
import type { LaidOutElement } from '../layout/laidOutLabel';
import { barcodeKind } from './barcode';
import type { ElementKind } from './elementKind';
import type { Element, ElementType } from './elementSchema';
import { ellipseKind } from './ellipse';
import { imageKind } from './image';
import { lineKind } from './line';
import { rectKind } from './rect';
import { textKind } from './text';

/**
 * The template schema (elementSchema), the layout (layoutLabel) and every writer (emit/<format>) take a kind from
 * here; the order is the order `type` errors list the kinds in.
 */
export const ELEMENT_KINDS = {
  text: textKind,
  barcode: barcodeKind,
  image: imageKind,
  line: lineKind,
  rect: rectKind,
  ellipse: ellipseKind,
};

/**
 * The element's kind, taking any element and any laid-out element: the table is keyed by type, so the entry always
 * matches the element, which TypeScript cannot correlate through a union; the pairing is restored here, once.
 */
export function kindOf(element: { type: ElementType }): ElementKind<z.ZodType<Element>, LaidOutElement> {
  return ELEMENT_KINDS[element.type] as unknown as ElementKind<z.ZodType<Element>, LaidOutElement>;
}
