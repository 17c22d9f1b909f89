// Which templates an API key may use (spec 2.8, 5.4): its team's own, any library's by qualified id; demo keys libraries only.
import { ForbiddenError, NotFoundError } from '../../src-shared/api/apiErrors';
import { parseQualifiedId } from '../../src-shared/api/slug';
import type { Store } from '../store/openStore';
import type { TemplateRecord } from '../store/storeTypes';
import type { AuthState } from './middleware/authenticate';

const DEMO_KEY_RULE = 'demo keys can use library templates only, by their qualified id <librarySlug>:<templateSlug>';

/** Refuses a demo key anything but a qualified library id (an inline template, a slug or a raw id). */
export function assertDemoKeyAllowed(auth: AuthState, templateId: string | undefined): void {
  if (auth.apiKey.demo && (templateId === undefined || parseQualifiedId(templateId) === undefined)) throw new ForbiddenError(DEMO_KEY_RULE);
}

/** A published template the key may use, or NOT_FOUND (also for templates that exist but are not published). */
export function publishedTemplate(store: Store, auth: AuthState, templateId: string): TemplateRecord {
  assertDemoKeyAllowed(auth, templateId);
  const template = store.templates.resolve(auth.team.id, templateId, { publishedOnly: true });
  if (!template) throw new NotFoundError(`template "${templateId}" was not found or is not published`);
  return template;
}
