// GET /v1/templates (spec 4.4, 2.4, 2.5) and GET /v1/templates/{id}/content (spec 4.3): published templates only.
import type Router from '@koa/router';
import type { z } from 'zod';
import { ForbiddenError } from '../../../../src-shared/api/apiErrors';
import type { libraryTemplateListItemSchema, templateListItemSchema } from '../../../../src-shared/api/resources';
import { parseLength, pointsTo, toPoints, type LengthUnit } from '../../../../src-shared/units/length';
import type { Store } from '../../../store/openStore';
import type { TemplateRecord } from '../../../store/storeTypes';
import { authenticate, authState } from '../../middleware/authenticate';
import { publishedTemplate } from '../../templateAccess';

type TeamListItem = z.infer<typeof templateListItemSchema>;
type LibraryListItem = z.infer<typeof libraryTemplateListItemSchema>;

function teamListItem(template: TemplateRecord): TeamListItem {
  return { _id: template.id, name: template.name, status: 'published', teamId: template.teamId, createdAt: template.createdAt };
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
  router.get('/v1/templates', authenticate(store), (ctx) => {
    const auth = authState(ctx);
    const library = typeof ctx.query.library === 'string' && ctx.query.library !== '' ? ctx.query.library : undefined;
    if (library === undefined) {
      if (auth.apiKey.demo) throw new ForbiddenError('demo keys can list library templates only: add ?library=<librarySlug>');
      ctx.body = { templates: store.templates.listForTeam(auth.team.id, { publishedOnly: true }).map(teamListItem) };
      return;
    }
    ctx.body = { templates: store.templates.listForLibrary(library, { publishedOnly: true }).map((template) => libraryListItem(template, library)) };
  });

  router.get('/v1/templates/:templateId/content', authenticate(store), (ctx) => {
    ctx.body = publishedTemplate(store, authState(ctx), ctx.params.templateId ?? '').content;
  });
}
