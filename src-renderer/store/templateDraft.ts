// The template as the editor holds it: the format's input shape (defaults not applied), possibly invalid while being typed.
import type { ElementType } from '@shared/elements/elementSchema';
import type { TemplateInput } from '@shared/model/template';

export type TemplateDraft = TemplateInput;
export type ElementDraft = TemplateInput['elements'][number];
export type ElementDraftOf<T extends ElementType> = Extract<ElementDraft, { type: T }>;

type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/**
 * A change to one element in template terms: plain objects (position, style, content) are merged key by key, anything
 * else replaces; a key set to undefined is removed (say contentExpression when content takes over).
 */
export type ElementPatch = ElementDraft extends infer E ? (E extends unknown ? DeepPartial<E> : never) : never;

/** A change to the label itself (meta, dimensions), merged like an ElementPatch. */
export type TemplatePatch = DeepPartial<Omit<TemplateDraft, 'elements' | 'formatVersion'>>;

export const BLANK_TEMPLATE: TemplateDraft = {
  formatVersion: 1,
  meta: { name: 'Untitled label' },
  dimensions: { width: '50mm', height: '30mm', safeMargin: '2mm' },
  elements: [],
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `patch` merged into `target` without changing either; returns `target` itself when nothing changes, so a no-op edit
 * leaves the document (and its history) alone and unchanged parts keep their identity.
 */
export function mergePatch<T>(target: T, patch: unknown): T {
  if (!isPlainObject(patch) || !isPlainObject(target)) return (patch === undefined ? target : patch) as T;
  let result: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(patch)) {
    const current = target[key];
    let next: unknown;
    if (value === undefined) {
      if (!(key in target)) continue;
      result ??= { ...target };
      delete result[key];
      continue;
    } else if (isPlainObject(value) && isPlainObject(current)) {
      next = mergePatch(current, value);
    } else {
      next = value;
    }
    if (next === current) continue;
    result ??= { ...target };
    result[key] = next;
  }
  return (result ?? target) as T;
}
