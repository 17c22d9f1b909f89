// The canvas node of each element type; the mapped type makes the compiler check every type has one.
import type { ComponentType } from 'react';
import type { LaidOutElement, LaidOutOf } from '../engine';
import type { ElementType } from '@shared/elements/elementSchema';
import { BarcodeNode } from './barcode/BarcodeNode';
import type { ElementNodeProps } from './elementNodeProps';
import { EllipseNode } from './ellipse/EllipseNode';
import { ImageNode } from './image/ImageNode';
import { LineNode } from './line/LineNode';
import { RectNode } from './rect/RectNode';
import { TextNode } from './text/TextNode';

const ELEMENT_NODES: { [T in ElementType]: ComponentType<ElementNodeProps<LaidOutOf<T>>> } = {
  text: TextNode,
  barcode: BarcodeNode,
  image: ImageNode,
  line: LineNode,
  rect: RectNode,
  ellipse: EllipseNode,
};

/** Draws any laid-out element with its type's node. */
export function ElementVisual({ element, fonts }: ElementNodeProps<LaidOutElement>) {
  // The table is keyed by type, so the entry always matches the element; TypeScript cannot correlate the two.
  const Node = ELEMENT_NODES[element.type] as ComponentType<ElementNodeProps<LaidOutElement>>;
  return <Node element={element} fonts={fonts} />;
}
