// Reversed elements (laid-out `reverse`, read from ^FR/^LR) written back as ^FR fields.
import type { LaidOutElement } from '../../layout/laidOutLabel';

const BLACK = '#000000';
const WHITE = '#ffffff';

/** The element painted so its emitter prints it: text white (the text writer reverses light text itself), anything else black. */
function printable(element: LaidOutElement): LaidOutElement {
  switch (element.type) {
    case 'text':
      return { ...element, color: WHITE };
    case 'barcode':
      return { ...element, color: BLACK, humanReadable: element.humanReadable && { ...element.humanReadable, color: BLACK } };
    case 'line':
      return { ...element, stroke: element.stroke && BLACK };
    case 'rect':
    case 'ellipse':
      return { ...element, stroke: element.stroke && BLACK, fill: element.fill && BLACK };
    case 'image':
      return element;
  }
}

/** ZPL for a reversed element: its fields printed with ^FR, which inverts what is beneath as the laid-out blend does. */
export function reversedZpl(element: LaidOutElement, emit: (element: LaidOutElement) => string): string {
  const zpl = emit(printable(element));
  return element.type === 'text' ? zpl : zpl.replaceAll('^FS', '^FR^FS');
}
