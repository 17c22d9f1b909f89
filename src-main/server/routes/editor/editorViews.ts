// How the editor's API shows stored records, and the lookup every template route shares.
import { NotFoundError } from '@shared/api/apiErrors';
import type { EditorTemplate, EditorTemplateSummary } from '@shared/api/editorApi';
import type { StoreScope } from '../../../store/openStore';
import type { TemplateRecord } from '../../../store/storeTypes';

/** The author of versions published in the editor: it has one user, the administrator with the admin session. */
export const EDITOR_AUTHOR = 'editor';

export function templateSummary(template: TemplateRecord): EditorTemplateSummary {
  const { width, height } = template.content.dimensions;
  return {
    id: template.id,
    slug: template.slug,
    name: template.name,
    status: template.status,
    librarySlug: template.librarySlug,
    createdAt: template.createdAt,
    updatedAt: template.updatedAt,
    dimensions: { width, height },
    latestVersion: template.latestVersion,
    draftChanged: template.draftChanged,
  };
}

export function templateView(template: TemplateRecord): EditorTemplate {
  return { ...templateSummary(template), content: template.content };
}

/** The workspace team's template with this id; another team's is as unknown as a missing one. */
export async function workspaceTemplate(store: StoreScope, teamId: string, id: string): Promise<TemplateRecord> {
  const template = await store.templates.get(id);
  if (!template || template.teamId !== teamId) throw new NotFoundError(`template "${id}" was not found`);
  return template;
}
