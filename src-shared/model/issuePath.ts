// A zod issue's path as people read it in error lists (`elements[2].style.fontSize`), for templates and request bodies alike.
import type { ErrorDetail } from '../errors';

/** Formats a zod path as `elements[2].style.fontSize`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Zod issues as error details, their paths read under `prefix` (a prompt checked alone: `['prompts', 1]`). */
export function issueDetails(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: readonly PropertyKey[] = [],
): ErrorDetail[] {
  return issues.map((issue) => ({ path: formatIssuePath([...prefix, ...issue.path]), message: issue.message }));
}
