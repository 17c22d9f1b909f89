// POST /api/preview: the editor's current template and record rendered by the engine, never counted as usage.
import type Router from '@koa/router';
import { PREVIEW_WARNINGS_HEADER, previewBodySchema } from '../../../../src-shared/api/editorApi';
import type { RenderPool } from '../../../render/renderPool';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';
import { sendDocument } from '../../sendDocument';

export function registerPreviewRoute(router: Router, pool: RenderPool): void {
  router.post('/api/preview', jsonBody(), async (ctx) => {
    const request = parseRequestBody(previewBodySchema, ctx.request.body);
    // Errors leave as /v1/render's do: INVALID_TEMPLATE and BAD_REQUEST 400, RENDER_ERROR 502, SERVICE_BUSY 503.
    const rendered = await pool.render({ template: request.template, data: request.data, format: request.format, dpi: request.dpi, zplDpi: request.zplDpi });
    ctx.set(PREVIEW_WARNINGS_HEADER, encodeURIComponent(JSON.stringify(rendered.warnings)));
    ctx.set('Cache-Control', 'no-store');
    sendDocument(ctx, rendered.contentType, rendered.bytes);
  });
}
