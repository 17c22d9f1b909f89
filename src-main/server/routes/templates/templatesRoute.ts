// GET /v1/templates (spec 4.4, 2.4, 2.5), GET /v1/templates/{id}/content (spec 4.3) and the versions: published templates only, as their newest version shows them.
import type Router from '@koa/router';
import type { z } from 'zod';
import { BadRequestError } from '@shared/errors';
import { ForbiddenError } from '@shared/api/apiErrors';
import type {
  libraryTemplateListItemSchema,
  templateListItemSchema,
  TemplateVersion,
  TemplateVersionList,
} from '@shared/api/resources';
import { parseLength, pointsTo, toPoints, type LengthUnit } from '@shared/units/length';
import type { Store } from '../../../store/openStore';
import type { TemplateVersionSummary } from '../../../store/queries/templateVersions';
import type { TemplateRecord } from '../../../store/storeTypes';
import { authenticate, authState } from '../../middleware/authenticate';
import { publishedTemplate, publishedVersion, versionContent } from '../../templateAccess';
import { knownQuery } from '../../middleware/knownQuery';

type TeamListItem = z.infer<typeof templateListItemSchema>;
type LibraryListItem = z.infer<typeof libraryTemplateListItemSchema>;

/** What API keys see of a template: its newest version's content (and name), not the draft the editor keeps changing. */
async function published(store: Store, template: TemplateRecord): Promise<TemplateRecord> {
  const { content } = await versionContent(store, template, template.id);
  return { ...template, name: content.meta.name, content };
}

function teamListItem(template: TemplateRecord): TeamListItem {
  return {
    _id: template.id,
    name: template.name,
    status: 'published',
    teamId: template.teamId,
    createdAt: template.createdAt,
  };
}

export function versionView({ number, createdAt, author, note }: TemplateVersionSummary): TemplateVersion {
  return { number, createdAt, author, note };
}

/** A version number from the path: a whole number from 1, else 400 (an unknown number is a 404 from the lookup). */
export function versionNumber(text: string | undefined): number {
  const number = Number(text);
  if (text === undefined || !/^[1-9]\d{0,8}$/.test(text))
    throw new BadRequestError(`the version must be a whole number from 1, got "${text ?? ''}"`);
  return number;
}

/** Dimensions as numbers in the template's own unit when both sides share one, else in millimetres. */
function libraryListItem(template: TemplateRecord, librarySlug: string): LibraryListItem {
  const { width, height } = template.content.dimensions;
  const widthUnit = parseLength(width)?.unit;
  const units: LengthUnit = widthUnit !== undefined && widthUnit === parseLength(height)?.unit ? widthUnit : 'mm';
  const inUnits = (length: string): number => Math.round(pointsTo(toPoints(length), units) * 1000) / 1000;
  return {
    id: template.id,
    name: template.name,
    slug: template.slug,
    librarySlug,
    dimensions: { width: inUnits(width), height: inUnits(height) },
    units,
  };
}

export function registerTemplatesRoutes(router: Router, store: Store): void {
  router.get('/v1/templates', authenticate(store), knownQuery('library'), async (ctx) => {
    const auth = authState(ctx);
    const library = typeof ctx.query.library === 'string' && ctx.query.library !== '' ? ctx.query.library : undefined;
    if (library === undefined) {
      if (auth.apiKey.demo)
        throw new ForbiddenError('demo keys can list library templates only: add ?library=<librarySlug>');
      const templates = await store.templates.listForTeam(auth.team.id, { publishedOnly: true });
      ctx.body = {
        templates: await Promise.all(templates.map(async (template) => teamListItem(await published(store, template)))),
      };
      return;
    }
    const templates = await store.templates.listForLibrary(library, { publishedOnly: true });
    ctx.body = {
      templates: await Promise.all(
        templates.map(async (template) => libraryListItem(await published(store, template), library)),
      ),
    };
  });

  router.get('/v1/templates/:templateId/content', authenticate(store), knownQuery(), async (ctx) => {
    ctx.body = (await publishedVersion(store, authState(ctx), ctx.params.templateId ?? '')).content;
  });

  router.get('/v1/templates/:templateId/versions', authenticate(store), knownQuery(), async (ctx) => {
    const template = await publishedTemplate(store, authState(ctx), ctx.params.templateId ?? '');
    const list: TemplateVersionList = {
      templateId: template.id,
      versions: (await store.templateVersions.list(template.id)).map(versionView),
    };
    ctx.body = list;
  });

  router.get('/v1/templates/:templateId/versions/:version/content', authenticate(store), knownQuery(), async (ctx) => {
    const number = versionNumber(ctx.params.version);
    ctx.body = (await publishedVersion(store, authState(ctx), ctx.params.templateId ?? '', number)).content;
  });
}
