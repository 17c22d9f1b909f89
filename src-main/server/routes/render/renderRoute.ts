// POST /v1/render (spec 4.1, and batches of records): validate, resolve the template, admit by quota, render in the pool, store, answer.
import type Router from '@koa/router';
import { effectiveLimits, periodOf } from '../../../../src-shared/api/plans';
import { nestsDeeperThan, renderRequestSchema, type RenderAnswer } from '../../../../src-shared/api/renderRequest';
import { InvalidTemplateError } from '../../../../src-shared/errors';
import { planBatch } from '../../../../src-shared/render/batchPlan';
import { outputExtension } from '../../../../src-shared/render/outputFormats';
import type { RenderPool } from '../../../render/renderPool';
import type { Store } from '../../../store/openStore';
import { recordRender } from '../../../store/recordRender';
import { authenticate, authState } from '../../middleware/authenticate';
import { jsonBody } from '../../middleware/jsonBody';
import { rateLimit } from '../../middleware/rateLimit';
import type { QuotaGate } from '../../quotaGate';
import type { TeamRateLimits } from '../../rateLimits';
import { parseRequestBody } from '../../requestBody';
import { sendDocument } from '../../sendDocument';
import { assertDemoKeyAllowed, publishedTemplate } from '../../templateAccess';

/**
 * Deepest nesting accepted in an inline template (a real one nests about 5 levels: elements, an element, style, ...).
 * Checked here because the template travels to a render thread before it is validated, and copying a deeply nested
 * value there overflows the stack: 100,000 levels came back as a 502 "render thread failed" instead of a 400.
 */
export const MAX_TEMPLATE_DEPTH = 32;

export interface RenderRouteDeps {
  store: Store;
  pool: RenderPool;
  quota: QuotaGate;
  rateLimits: TeamRateLimits;
}

export function registerRenderRoute(router: Router, { store, pool, quota, rateLimits }: RenderRouteDeps): void {
  router.post('/v1/render', authenticate(store), rateLimit(rateLimits), jsonBody(), async (ctx) => {
    const auth = authState(ctx);
    const request = parseRequestBody(renderRequestSchema, ctx.request.body);
    assertDemoKeyAllowed(auth, request.templateId);
    if (request.template !== undefined && nestsDeeperThan(request.template, MAX_TEMPLATE_DEPTH)) {
      throw new InvalidTemplateError([{ path: '', message: `the template nests deeper than ${MAX_TEMPLATE_DEPTH} levels` }]);
    }
    const template = request.templateId === undefined ? request.template : publishedTemplate(store, auth, request.templateId).content;

    // A batch counts one render per label (after quantity) against the quota, and one request against the rate limit.
    const batch = request.records === undefined ? undefined : planBatch(request.records, request.quantityField);
    const labels = batch?.labelCount ?? 1;
    const mode = auth.apiKey.mode;
    const limits = effectiveLimits(auth.team);
    const used = store.usage.get(auth.team.id, periodOf(store.now()).period).live;
    // Test renders never touch the quota (spec 8.2 rule 4). A hard cap admits all of a batch's labels or none.
    const reservation = mode === 'live' ? quota.admit(auth.team.id, used, limits.monthly, limits.hardCap, labels) : undefined;
    try {
      const { data, records, quantityField, format, dpi, zplDpi } = request;
      const rendered = await pool.render({ template, data, records, quantityField, format, dpi, zplDpi });
      const finished = {
        teamId: auth.team.id,
        apiKeyId: auth.apiKey.id,
        mode,
        format,
        bytes: rendered.bytes,
        renderTimeMs: rendered.renderTimeMs,
        count: rendered.labelCount,
        contentType: rendered.contentType,
        extension: outputExtension(format, batch !== undefined),
      };
      if (request.delivery === 'inline') {
        recordRender(store, { ...finished, keepOutput: false });
        sendDocument(ctx, rendered.contentType, rendered.bytes);
        return;
      }
      const record = recordRender(store, { ...finished, keepOutput: true });
      const result: RenderAnswer = {
        id: record.id,
        status: 'complete',
        format: record.format,
        // The Host header was checked against the names this server answers to, so it is safe to echo.
        url: `${ctx.protocol}://${ctx.host}/v1/render-outputs/${record.id}`,
        sizeBytes: record.sizeBytes,
        renderTimeMs: Math.round(record.renderTimeMs * 100) / 100,
        warnings: rendered.warnings,
        labelCount: rendered.labelCount,
      };
      ctx.body = result;
    } finally {
      reservation?.release();
    }
  });
}
