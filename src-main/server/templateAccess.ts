// Which templates an API key may use (spec 2.8, 5.4): its team's own, any library's by qualified id; demo keys libraries only; and which version of them.
import { ForbiddenError, NotFoundError, TemplateVersionNotFoundError } from '@shared/api/apiErrors';
import { parseQualifiedId } from '@shared/api/slug';
import type { Template } from '@shared/model/template';
import type { StoreScope } from '../store/openStore';
import type { TemplateVersionRecord } from '../store/queries/templateVersions';
import type { TemplateRecord } from '../store/storeTypes';
import type { AuthState } from './middleware/authenticate';

const DEMO_KEY_RULE = 'demo keys can use library templates only, by their qualified id <librarySlug>:<templateSlug>';

/** Refuses a demo key anything but a qualified library id (an inline template, a slug or a raw id). */
export function assertDemoKeyAllowed(auth: AuthState, templateId: string | undefined): void {
  if (auth.apiKey.demo && (templateId === undefined || parseQualifiedId(templateId) === undefined))
    throw new ForbiddenError(DEMO_KEY_RULE);
}

/** A published template the key may use, or NOT_FOUND (also for templates that exist but are not published). */
export async function publishedTemplate(
  store: StoreScope,
  auth: AuthState,
  templateId: string,
): Promise<TemplateRecord> {
  assertDemoKeyAllowed(auth, templateId);
  const template = await store.templates.resolve(auth.team.id, templateId, { publishedOnly: true });
  if (!template) throw new NotFoundError(`template "${templateId}" was not found or is not published`);
  return template;
}

/**
 * What an API key renders of a template: version `number`, else the newest, never the draft. A number the template
 * does not have is TEMPLATE_VERSION_NOT_FOUND (templateId as the caller wrote it).
 */
export async function templateVersionFor(
  store: StoreScope,
  template: TemplateRecord,
  templateId: string,
  number?: number,
): Promise<TemplateVersionRecord> {
  const version =
    number === undefined
      ? await store.templateVersions.latest(template.id)
      : await store.templateVersions.get(template.id, number);
  if (version) return version;
  if (number === undefined) throw new NotFoundError(`template "${templateId}" has no published version`);
  throw new TemplateVersionNotFoundError(templateId, number, template.latestVersion);
}

/**
 * The content and number of version `number` of a template (default: the newest). The newest comes from the template
 * record itself when its draft is unchanged since that publish (the same text): no second read per render or list item.
 */
export async function versionContent(
  store: StoreScope,
  template: TemplateRecord,
  templateId: string,
  number?: number,
): Promise<{ id: string; content: Template; number: number }> {
  const newest = number === undefined || number === template.latestVersion;
  if (newest && !template.draftChanged && template.latestVersion !== null)
    return { id: template.id, content: template.content, number: template.latestVersion };
  const version = await templateVersionFor(store, template, templateId, number);
  return { id: template.id, content: version.content, number: version.number };
}

/** A published template the key may use, as the version it asked for (default: the newest). */
export async function publishedVersion(
  store: StoreScope,
  auth: AuthState,
  templateId: string,
  number?: number,
): Promise<{ id: string; content: Template; number: number }> {
  return versionContent(store, await publishedTemplate(store, auth, templateId), templateId, number);
}
