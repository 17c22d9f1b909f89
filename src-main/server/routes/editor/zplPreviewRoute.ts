// POST /api/zpl/preview: the ZPL page's drawing of pasted ZPL, each label a PNG from the render pool, never counted as usage.
import type Router from '@koa/router';
import {
  zplPreviewBodySchema,
  ZPL_PREVIEW_MAX_LABELS,
  type ZplPreviewAnswer,
  type ZplPreviewRequest,
} from '@shared/api/zplEditorApi';
import { inchesToDots } from '@shared/api/zplViewer';
import { AppError } from '@shared/errors';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';
import type { RenderPool } from '../../../render/renderPool';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';

/**
 * Draws the first labels one by one, each a task of the pool (pasted ZPL is untrusted: the pool's time and memory
 * limits and the reader's pixel budget apply to every task). Every drawing reads the whole input, so the first one
 * also tells the label count and the input's warnings; an input without labels is read once more, as JSON, for them.
 */
async function drawZplPreview(
  pool: Pick<RenderPool, 'renderZpl'>,
  request: ZplPreviewRequest,
): Promise<ZplPreviewAnswer> {
  const { dpmm } = request;
  const size = { dpmm, widthDots: inchesToDots(request.width, dpmm), heightDots: inchesToDots(request.height, dpmm) };
  // The bytes a printer would get (UTF-8, as printing sends it), so warning positions are the printer's byte offsets.
  const zpl = zplTextFromBytes(Buffer.from(request.zpl, 'utf8'));
  const draw = async (index: number) => {
    const drawn = await pool.renderZpl({ zpl, ...size, index, format: 'png', rotation: 0 });
    return {
      drawn,
      label: {
        png: Buffer.from(drawn.bytes).toString('base64'),
        widthDots: size.widthDots,
        heightDots: size.heightDots,
      },
    };
  };
  let first: Awaited<ReturnType<typeof draw>>;
  try {
    first = await draw(0);
  } catch (error) {
    // LabelIndexError comes back from the pool as an AppError with its code: label 0 of an input with none.
    if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
    const read = await pool.renderZpl({ zpl, ...size, format: 'json', rotation: 0 });
    return { labels: [], totalCount: read.totalCount, warnings: read.warnings };
  }
  const { totalCount, warnings } = first.drawn;
  const labels = [first.label];
  for (let index = 1; index < Math.min(totalCount, ZPL_PREVIEW_MAX_LABELS); index += 1)
    labels.push((await draw(index)).label);
  return { labels, totalCount, warnings };
}

export function registerZplPreviewRoute(router: Router, pool: RenderPool): void {
  router.post('/api/zpl/preview', jsonBody(), async (ctx) => {
    const request = parseRequestBody(zplPreviewBodySchema, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await drawZplPreview(pool, request);
  });
}
