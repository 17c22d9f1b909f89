// A zod issue's path as people read it in error lists (`elements[2].style.fontSize`), for templates and request bodies alike.

/** Formats a zod path as `elements[2].style.fontSize`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}
