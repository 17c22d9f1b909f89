// Reversed elements (laid-out `reverse`, read from ^FR/^LR) written back as ^FR fields.
import type { LaidOutElement } from '../../layout/laidOutLabel';
import { paintElement } from '../../layout/paintElement';

const BLACK = '#000000';
const WHITE = '#ffffff';

/** ZPL for a reversed element: its fields printed with ^FR, which inverts what is beneath as the laid-out blend does. */
export function reversedZpl(element: LaidOutElement, emit: (element: LaidOutElement) => string): string {
  // Text is painted white, since the text writer reverses light text itself; anything else black, so its emitter prints it.
  if (element.type === 'text') return emit(paintElement(element, WHITE));
  return emit(paintElement(element, BLACK)).replaceAll('^FS', '^FR^FS');
}
