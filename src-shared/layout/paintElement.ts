// One colour for all of an element's ink: reversed elements are painted white by the layout, and black for ZPL's ^FR.
import type { LaidOutElement } from './laidOutLabel';

/** The element with every stroke, fill and text in `color` (what is unpainted stays so); images keep their pixels. */
export function paintElement(element: LaidOutElement, color: string): LaidOutElement {
  switch (element.type) {
    case 'text':
      return { ...element, color };
    case 'barcode':
      return { ...element, color, humanReadable: element.humanReadable && { ...element.humanReadable, color } };
    case 'line':
      return { ...element, stroke: element.stroke && color };
    case 'rect':
    case 'ellipse':
      return { ...element, stroke: element.stroke && color, fill: element.fill && color };
    case 'image':
      return element;
  }
}
