// Slugs of libraries and templates (spec 2.8): lower-case words joined by hyphens, so `<library>:<template>` parses unambiguously.
import { z } from 'zod';

export const MAX_SLUG_LENGTH = 64;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugSchema = z
  .string()
  .max(MAX_SLUG_LENGTH, { message: `a slug has at most ${MAX_SLUG_LENGTH} characters` })
  .regex(SLUG_PATTERN, {
    message: 'a slug is lower-case letters and digits in words joined by single hyphens, e.g. "shipping-4x6"',
  });

/** A slug made from a name: accents dropped, everything but letters and digits becomes one hyphen; "" if nothing is left. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/** Splits a qualified library template id `<librarySlug>:<templateSlug>`; undefined for an id without a colon. */
export function parseQualifiedId(id: string): { librarySlug: string; slug: string } | undefined {
  const colon = id.indexOf(':');
  if (colon === -1) return undefined;
  return { librarySlug: id.slice(0, colon), slug: id.slice(colon + 1) };
}
