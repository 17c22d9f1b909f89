// POST /api/zpl/preview: the ZPL page's drawing of pasted ZPL, each label a PNG from the render pool, never counted as usage.
import type Router from '@koa/router';
import { zplPreviewBodySchema, ZPL_PREVIEW_MAX_LABELS, type ZplPreviewAnswer, type ZplPreviewRequest } from '../../../../src-shared/api/zplEditorApi';
import { inchesToDots } from '../../../../src-shared/api/zplViewer';
import { zplTextFromBytes } from '../../../../src-shared/read/zpl/zplCharsets';
import type { RenderPool } from '../../../render/renderPool';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';

/**
 * Reads the ZPL once for its label count and warnings, then draws the first labels one by one, each a task of the pool
 * (pasted ZPL is untrusted: the pool's time and memory limits and the reader's pixel budget apply to every task).
 */
async function drawZplPreview(pool: Pick<RenderPool, 'renderZpl'>, request: ZplPreviewRequest): Promise<ZplPreviewAnswer> {
  const { dpmm } = request;
  const size = { dpmm, widthDots: inchesToDots(request.width, dpmm), heightDots: inchesToDots(request.height, dpmm) };
  // The bytes a printer would get (UTF-8, as printing sends it), so warning positions are the printer's byte offsets.
  const zpl = zplTextFromBytes(Buffer.from(request.zpl, 'utf8'));
  const read = await pool.renderZpl({ zpl, ...size, format: 'json', rotation: 0 });
  const labels: ZplPreviewAnswer['labels'] = [];
  for (let index = 0; index < Math.min(read.totalCount, ZPL_PREVIEW_MAX_LABELS); index += 1) {
    const drawn = await pool.renderZpl({ zpl, ...size, index, format: 'png', rotation: 0 });
    labels.push({ png: Buffer.from(drawn.bytes).toString('base64'), widthDots: size.widthDots, heightDots: size.heightDots });
  }
  return { labels, totalCount: read.totalCount, warnings: read.warnings };
}

export function registerZplPreviewRoute(router: Router, pool: RenderPool): void {
  router.post('/api/zpl/preview', jsonBody(), async (ctx) => {
    const request = parseRequestBody(zplPreviewBodySchema, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await drawZplPreview(pool, request);
  });
}
