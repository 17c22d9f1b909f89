// POST /v1/printers/{dpmm}/labels/{width}x{height}/{index}/: Labelary's viewer API on this server (a client changes only its base URL).
import type Router from '@koa/router';
import type { Context } from 'koa';
import { parseLabelIndex, parseLabelSize, parseRotation, xWarningsHeader, ZPL_VIEW_CONTENT_TYPES, type ZplViewFormat } from '../../../../src-shared/api/zplViewer';
import { AppError, BadRequestError } from '../../../../src-shared/errors';
import type { RenderPool, ZplRenderResult } from '../../../render/renderPool';
import type { Store } from '../../../store/openStore';
import { countRenders } from '../../../store/recordRender';
import { authenticate, authState } from '../../middleware/authenticate';
import { rateLimit } from '../../middleware/rateLimit';
import type { QuotaGate, QuotaReservation } from '../../quotaGate';
import type { TeamRateLimits } from '../../rateLimits';
import { admitRenders } from '../../renderAdmission';
import { sendDocument } from '../../sendDocument';
import { readZplBody } from '../../zplRequestBody';

export const ZPL_VIEWER_PATH = '/v1/printers/:dpmm/labels/:size{/:index}{/}';

export interface ZplViewerRouteDeps {
  store: Store;
  pool: RenderPool;
  quota: QuotaGate;
  rateLimits: TeamRateLimits;
}

/** The answer's format by the Accept header, as Labelary: PNG when the client states no preference. */
function acceptedFormat(ctx: Context): ZplViewFormat {
  const types = Object.values(ZPL_VIEW_CONTENT_TYPES);
  const chosen = ctx.accepts(...types);
  const format = (Object.keys(ZPL_VIEW_CONTENT_TYPES) as ZplViewFormat[]).find((key) => ZPL_VIEW_CONTENT_TYPES[key] === chosen);
  if (format === undefined) throw new BadRequestError(`Accept must allow one of ${types.join(', ')}, got ${JSON.stringify(ctx.get('Accept'))}`);
  return format;
}

export function registerZplViewerRoute(router: Router, { store, pool, quota, rateLimits }: ZplViewerRouteDeps): void {
  router.post(ZPL_VIEWER_PATH, authenticate(store), rateLimit(rateLimits), async (ctx) => {
    const { team, apiKey } = authState(ctx);
    // Everything in the URL and headers is checked before the body is read: a mistake there costs no upload.
    const size = parseLabelSize(ctx.params.dpmm ?? '', ctx.params.size ?? '');
    const index = parseLabelIndex(ctx.params.index);
    const rotation = parseRotation(ctx.get('X-Rotation'));
    const format = acceptedFormat(ctx);
    const zpl = await readZplBody(ctx);

    // The labels are unknown until read: one render is admitted first (a team at its hard cap is refused before any
    // work), the rest once the reader has counted them, all or none.
    const reservations: (QuotaReservation | undefined)[] = [await admitRenders(quota, team, apiKey.mode, 1)];
    try {
      let rendered: ZplRenderResult;
      try {
        rendered = await pool.renderZpl({ zpl, ...size, index, format, rotation, team: team.id });
      } catch (error) {
        const totalCount = error instanceof AppError ? error.details?.totalCount : undefined;
        if (typeof totalCount === 'number') ctx.set('X-Total-Count', String(totalCount));
        throw error;
      }
      if (rendered.labelCount > 1) reservations.push(await admitRenders(quota, team, apiKey.mode, rendered.labelCount - 1));
      if (rendered.labelCount > 0) await store.groupCommit((trx) => countRenders(trx, team.id, apiKey.mode, trx.now(), rendered.labelCount));
      ctx.set('X-Total-Count', String(rendered.totalCount));
      if (ctx.get('X-Linter').trim().toLowerCase() === 'on') {
        if (rendered.warnings.length > 0) ctx.set('X-Warnings', xWarningsHeader(rendered.warnings));
      }
      sendDocument(ctx, rendered.contentType, rendered.bytes);
    } finally {
      await Promise.all(reservations.map((reservation) => reservation?.release()));
    }
  });
}
