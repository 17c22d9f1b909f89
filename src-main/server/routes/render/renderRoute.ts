// POST /v1/render (spec 4.1, and batches of records): validate, resolve the template, admit by quota, render in the pool, store, answer.
import type Router from '@koa/router';
import {
  renderRequestSchema,
  requestLabelData,
  TEMPLATE_VERSION_HEADER,
  type RenderAnswer,
} from '@shared/api/renderRequest';
import { planBatch } from '@shared/render/batchPlan';
import { outputExtension } from '@shared/render/outputFormats';
import { resolveLibraryImages } from '../../../images/resolveLibraryImages';
import type { RenderPool } from '../../../render/renderPool';
import type { Store } from '../../../store/openStore';
import { countRendersAhead, recordRender } from '../../../store/recordRender';
import { renderCounters, type RenderCounters } from '../../../store/renderCounters';
import { authenticate, authState } from '../../middleware/authenticate';
import { clientGoneSignal } from '../../middleware/clientGone';
import { jsonBody } from '../../middleware/jsonBody';
import { chargeBatchLabels, rateLimit } from '../../admission/rateLimit';
import type { QuotaGate } from '../../admission/quotaGate';
import type { TeamRateLimits } from '../../admission/rateLimits';
import { admitRenders, apiKeyTemplate } from '../../admission/renderAdmission';
import { parseRequestBody } from '../../requestBody';
import { sendDocument } from '../../sendDocument';
import { knownQuery } from '../../middleware/knownQuery';

export interface RenderRouteDeps {
  store: Store;
  pool: RenderPool;
  quota: QuotaGate;
  rateLimits: TeamRateLimits;
  /** The per-output cap of a kept output (413 OUTPUT_TOO_LARGE over it). */
  maxOutputBytes: number;
}

export function registerRenderRoute(
  router: Router,
  { store, pool, quota, rateLimits, maxOutputBytes }: RenderRouteDeps,
): void {
  router.post('/v1/render', authenticate(store), knownQuery(), rateLimit(rateLimits), jsonBody(), async (ctx) => {
    const auth = authState(ctx);
    const request = parseRequestBody(renderRequestSchema, ctx.request.body);
    const { template, templateVersion, templateId } = await apiKeyTemplate(store, auth, request);

    // A batch counts one render per label (after quantity) against the quota and against the rate limit.
    const batch = request.records === undefined ? undefined : planBatch(request.records, request.quantityField);
    await chargeBatchLabels(ctx, rateLimits, batch?.labelCount ?? 1);
    const mode = auth.apiKey.mode;
    // A hard cap admits all of a batch's labels or none.
    const reservation = await admitRenders(quota, auth.team, mode, batch?.labelCount ?? 1);
    let counters: RenderCounters | undefined;
    try {
      // Live renders take their counter values; test renders show the next ones without taking them.
      counters = await renderCounters(store, auth.team.id, template, batch?.labelCount ?? 1, mode === 'live');
      const { data, records } = requestLabelData(request);
      const { quantityField, format, dpi, zplDpi, timeZone, sheetStart } = request;
      const drawn = await resolveLibraryImages(store, auth.team.id, template);
      // A published version never changes; its library images (put in above when it has any) can.
      const templateKey =
        templateVersion !== null && templateId !== null && drawn === template
          ? `${templateId}@${templateVersion}`
          : undefined;
      const rendering = pool.render(
        {
          template: drawn,
          templateKey,
          data,
          records,
          quantityField,
          format,
          dpi,
          zplDpi,
          timeZone,
          sheetStart,
          counters: counters.values,
          team: auth.team.id,
        },
        { signal: clientGoneSignal(ctx) },
      );
      // Inline delivery keeps nothing, so the usage is counted while the worker draws: its commit's sync overlaps the
      // render instead of following it.
      const countedAhead =
        request.delivery === 'inline'
          ? countRendersAhead(store, auth.team.id, mode, batch?.labelCount ?? 1, reservation?.reserved)
          : undefined;
      let rendered: Awaited<typeof rendering>;
      try {
        rendered = await rendering;
      } catch (error) {
        await countedAhead?.takeBack();
        throw error;
      }
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
        reservedQuota: reservation?.reserved,
      };
      if (templateVersion !== null) ctx.set(TEMPLATE_VERSION_HEADER, String(templateVersion));
      if (countedAhead) {
        await countedAhead.settle(rendered.labelCount);
        sendDocument(ctx, rendered.contentType, rendered.bytes);
        return;
      }
      // Inline delivery keeps nothing, so only a kept output meets the per-output cap and the storage budget.
      const record = await recordRender(store, { ...finished, maxOutputBytes });
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
        templateVersion,
      };
      ctx.body = result;
    } catch (error) {
      // Nothing was delivered: the values can go to the next render.
      await counters?.release();
      throw error;
    } finally {
      await reservation?.release();
    }
  });
}
