// Member access of expressions: own data properties of plain objects and arrays, and the length of text; nothing else.
import { ExpressionError } from './expressionError';
import { FORBIDDEN_NAMES } from './limits';
import { MISSING, isPlainObject } from './values';

/**
 * Reads `target[key]` (also used for identifiers, with the variables as target). Anything not there yields MISSING;
 * a prototype-leading name throws even when it was computed at run time, since no data field should be named so.
 */
export function readMember(target: unknown, key: unknown): unknown {
  if (typeof key !== 'string' && typeof key !== 'number') return MISSING;
  const name = String(key);
  if (FORBIDDEN_NAMES.has(name)) throw new ExpressionError(`property name "${name}" is not allowed`);
  if (typeof target === 'string') return name === 'length' ? target.length : MISSING;
  if (!Array.isArray(target) && !isPlainObject(target)) return MISSING;
  const descriptor = Object.getOwnPropertyDescriptor(target, name);
  // Accessor properties are skipped: calling a getter would run code that came with the data.
  if (descriptor === undefined || !('value' in descriptor) || descriptor.value === undefined) return MISSING;
  return descriptor.value;
}
