// Every element kind in the editor by its type name (the one table of the editor a new kind is added to), and the
// canvas node and inspector panel drawn from it.
import type { ComponentType } from 'react';
import type { ElementType } from '@shared/elements/elementSchema';
import type { LaidOutElement } from '../engine';
import type { ElementDraft } from '../store';
import { barcodeEditorKind } from './barcode';
import type { EditorKind } from './editorKind';
import type { ElementNodeProps } from './elementNodeProps';
import { ellipseEditorKind } from './ellipse';
import { imageEditorKind } from './image';
import { lineEditorKind } from './line';
import { rectEditorKind } from './rect';
import { textEditorKind } from './text';

/** The mapped type makes the compiler refuse a kind of ELEMENT_KINDS missing here. */
export const EDITOR_KINDS: { [T in ElementType]: EditorKind<T> } = {
  text: textEditorKind,
  barcode: barcodeEditorKind,
  image: imageEditorKind,
  line: lineEditorKind,
  rect: rectEditorKind,
  ellipse: ellipseEditorKind,
};

/** Draws any laid-out element with its kind's node. */
export function ElementVisual({ element, fonts }: ElementNodeProps<LaidOutElement>) {
  // The table is keyed by type, so the entry always matches the element; TypeScript cannot correlate the two.
  const Node = EDITOR_KINDS[element.type].Node as ComponentType<ElementNodeProps<LaidOutElement>>;
  return <Node element={element} fonts={fonts} />;
}

/** The kind's own fields for one element. */
export function ElementTypeInspector({ element }: { element: ElementDraft }) {
  // As in ElementVisual: the entry matches the element's type.
  const Panel = EDITOR_KINDS[element.type].Inspector as ComponentType<{ element: ElementDraft }>;
  return <Panel element={element} />;
}
