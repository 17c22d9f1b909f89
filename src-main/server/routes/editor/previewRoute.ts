// POST /api/preview: the editor's current template and record rendered by the engine, never counted as usage.
import type Router from '@koa/router';
import { PREVIEW_WARNINGS_HEADER, previewBodySchema } from '@shared/api/editorApi';
import { resolveLibraryImages } from '../../../images/resolveLibraryImages';
import type { RenderPool } from '../../../render/renderPool';
import type { Store } from '../../../store/openStore';
import { renderCounters } from '../../../store/renderCounters';
import { clientGoneSignal } from '../../middleware/clientGone';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';
import { sendDocument } from '../../sendDocument';

export function registerPreviewRoute(router: Router, pool: RenderPool, store: Store, teamId: string): void {
  router.post('/api/preview', jsonBody(), async (ctx) => {
    const request = parseRequestBody(previewBodySchema, ctx.request.body);
    // The workspace's counters show the values the next live render would take; a preview takes none.
    const counters = (await renderCounters(store, teamId, request.template, 1, false)).values;
    // Errors leave as /v1/render's do: INVALID_TEMPLATE and BAD_REQUEST 400, RENDER_ERROR 502, SERVICE_BUSY 503.
    const template = await resolveLibraryImages(store, teamId, request.template);
    const rendered = await pool.render(
      {
        template,
        data: request.data,
        format: request.format,
        dpi: request.dpi,
        zplDpi: request.zplDpi,
        counters,
        team: teamId,
      },
      { signal: clientGoneSignal(ctx) },
    );
    ctx.set(PREVIEW_WARNINGS_HEADER, encodeURIComponent(JSON.stringify(rendered.warnings)));
    ctx.set('Cache-Control', 'no-store');
    sendDocument(ctx, rendered.contentType, rendered.bytes);
  });
}
