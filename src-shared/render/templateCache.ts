// What a render may keep between renders of one process besides images: each template's validated and parsed form, by a hash of its content.
import type { Template } from '../model/template';

/**
 * The render worker supplies one (src-main/render/parsedTemplates.ts); the editor, the CLI and tests validate at every
 * render. `parse` answers what parseTemplate answers for the template its JSON text says, and throws what it throws:
 * only templates that passed validation are kept, under a hash of that whole text, so a changed template (a new
 * version, other inline JSON, a library image replaced) has another key and is validated before it renders. The
 * Template given back is shared by every render of it: it is frozen, and renders only read it.
 */
export interface TemplateCache {
  parse(input: unknown): Template;
}
