// FIELD_MISSING warnings: a field an element shows that the data leaves empty, so a batch names the record and the field.
import type { Element } from '../elements/elementSchema';
import { dataPaths, isMissing, readMember } from '../expr';
import type { RenderWarning } from './laidOutLabel';

/** Fields by element: templates are parsed once and laid out many times. */
const fieldsByElement = new WeakMap<Element, readonly string[]>();

/** The dotted data paths an element's content reads (conditions are left out: an empty field there just hides the element). */
export function elementFields(element: Element): readonly string[] {
  let fields = fieldsByElement.get(element);
  if (fields === undefined) {
    const content = 'content' in element ? element.content : undefined;
    if (content?.expression !== undefined)
      fields = dataPaths(content.expression, { root: 'data', topLevelFields: false });
    else if ('contentExpression' in element && element.contentExpression !== undefined)
      fields = dataPaths(element.contentExpression, { root: 'data', topLevelFields: true });
    else fields = [];
    fieldsByElement.set(element, fields);
  }
  return fields;
}

function valueAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((target, key) => readMember(target, key), data);
}

/** A warning for each field the element reads that the data does not fill (absent, null or empty text). */
export function missingFieldWarnings(element: Element, data: Record<string, unknown>): RenderWarning[] {
  return elementFields(element)
    .filter((path) => isMissing(valueAt(data, path)))
    .map((path) => ({ code: 'FIELD_MISSING', message: `field "${path}" is not filled`, elementId: element.id }));
}
