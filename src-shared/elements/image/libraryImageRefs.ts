// Library images in templates: `src: "image:NAME"` names a team's image; the caller that can reach the library puts its bytes in before layout.

export const LIBRARY_IMAGE_PREFIX = 'image:';

/** The library name an image src refers to, or undefined for any other src (a data URI). */
export function libraryImageName(src: unknown): string | undefined {
  return typeof src === 'string' && src.startsWith(LIBRARY_IMAGE_PREFIX)
    ? src.slice(LIBRARY_IMAGE_PREFIX.length)
    : undefined;
}

/** The distinct library names a template's image elements refer to (template not yet validated: read defensively). */
export function libraryImageNames(template: unknown): string[] {
  const names = new Set<string>();
  for (const element of templateElements(template)) {
    const name = element.type === 'image' ? libraryImageName(element.src) : undefined;
    if (name !== undefined) names.add(name);
  }
  return [...names];
}

/**
 * The template with each `image:NAME` src that `dataUris` holds replaced by its data URI. A name left out stays as it
 * is, and the layout warns (IMAGE_MISSING) that the library has no such image. The template is not changed.
 */
export function withLibraryImages<T>(template: T, dataUris: ReadonlyMap<string, string>): T {
  const elements = templateElements(template);
  if (elements.length === 0 || dataUris.size === 0) return template;
  const resolved = elements.map((element) => {
    const name = element.type === 'image' ? libraryImageName(element.src) : undefined;
    const uri = name === undefined ? undefined : dataUris.get(name);
    return uri === undefined ? element : { ...element, src: uri };
  });
  return { ...template, elements: resolved };
}

function templateElements(template: unknown): Record<string, unknown>[] {
  if (typeof template !== 'object' || template === null) return [];
  const { elements } = template as { elements?: unknown };
  return Array.isArray(elements)
    ? elements.filter((element): element is Record<string, unknown> => typeof element === 'object' && element !== null)
    : [];
}
