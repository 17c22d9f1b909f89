// POST /v1/printers/{dpmm}/labels/{width}x{height}/{index}/: Labelary's viewer API on this server (a client changes only its base URL).
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { RateLimitedError } from '@shared/api/apiErrors';
import {
  parseLabelIndex,
  parseLabelSize,
  parseQuality,
  parseRotation,
  xWarningsHeader,
  ZPL_VIEW_CONTENT_TYPES,
  type ZplViewFormat,
} from '@shared/api/zplViewer';
import { readZplPageHeaders } from '@shared/api/zplViewerPages';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';
import { AppError, BadRequestError } from '@shared/errors';
import type { RenderPool, ZplRenderResult } from '../../../render/renderPool';
import type { Store } from '../../../store/openStore';
import { countRenders, countRendersAhead } from '../../../store/recordRender';
import { authenticate, authState } from '../../middleware/authenticate';
import { rateLimit, setRateLimitHeaders } from '../../admission/rateLimit';
import { requestClient } from '../../clientAddress';
import type { TrustedProxies } from '../../trustedProxies';
import type { KeyMode, TeamRecord } from '../../../store/storeTypes';
import { clientGoneSignal } from '../../middleware/clientGone';
import type { QuotaGate, QuotaReservation } from '../../admission/quotaGate';
import type { TeamRateLimits } from '../../admission/rateLimits';
import { admitRenders } from '../../admission/renderAdmission';
import { sendDocument } from '../../sendDocument';
import { readZplBody } from '../../zplRequestBody';

export const ZPL_VIEWER_PATH = '/v1/printers/:dpmm/labels/:size{/:index}{/}';
/** Labelary's GET form: the ZPL, URL-encoded, is the path after the label index. */
export const ZPL_VIEWER_GET_PATH = '/v1/printers/:dpmm/labels/:size/:index/*zpl';

export interface ZplViewerRouteDeps {
  store: Store;
  pool: RenderPool;
  quota: QuotaGate;
  rateLimits: TeamRateLimits;
  /** Requests without an API key are answered too (ServerConfig.viewerWithoutKey), each client address by its own limits. */
  withoutKey?: { trustedProxies?: TrustedProxies };
}

/**
 * A client without a key: renders per minute and per hour for each client address (the real one behind a trusted
 * proxy), in the same windows as teams' limits (in Redis when the nodes share one).
 */
export const KEYLESS_VIEWER_LIMITS = { perMinute: 120, perHour: 3_000 } as const;

/** Who a viewer request renders for: a team by its key, or a client address without one (counted against no team). */
type ViewerCaller = { kind: 'team'; team: TeamRecord; mode: KeyMode } | { kind: 'keyless'; client: string };

/**
 * The key's team, with its rate limits, as on every /v1 route; or, where requests without a key are allowed and this
 * one has none, its client address with KEYLESS_VIEWER_LIMITS. A key that is sent is always checked.
 */
function viewerCaller(store: Store, rateLimits: TeamRateLimits, withoutKey: ZplViewerRouteDeps['withoutKey']) {
  const authenticateKey = authenticate(store);
  const limitTeam = rateLimit(rateLimits);
  return async (ctx: Context, next: Next): Promise<void> => {
    if (withoutKey === undefined || ctx.get('Authorization') !== '') {
      await authenticateKey(ctx, () =>
        limitTeam(ctx, async () => {
          const { team, apiKey } = authState(ctx);
          ctx.state.viewer = { kind: 'team', team, mode: apiKey.mode } satisfies ViewerCaller;
          await next();
        }),
      );
      return;
    }
    const client = requestClient(ctx.req, withoutKey.trustedProxies);
    const decision = await rateLimits.take(
      `viewer:${client}`,
      KEYLESS_VIEWER_LIMITS.perMinute,
      KEYLESS_VIEWER_LIMITS.perHour,
    );
    setRateLimitHeaders(ctx, decision.headerWindow);
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
    ctx.state.viewer = { kind: 'keyless', client } satisfies ViewerCaller;
    await next();
  };
}

/** The answer's format by the Accept header, as Labelary: PNG when the client states no preference. */
function acceptedFormat(ctx: Context): ZplViewFormat {
  const types = Object.values(ZPL_VIEW_CONTENT_TYPES);
  const chosen = ctx.accepts(...types);
  const format = (Object.keys(ZPL_VIEW_CONTENT_TYPES) as ZplViewFormat[]).find(
    (key) => ZPL_VIEW_CONTENT_TYPES[key] === chosen,
  );
  if (format === undefined)
    throw new BadRequestError(`Accept must allow one of ${types.join(', ')}, got ${JSON.stringify(ctx.get('Accept'))}`);
  return format;
}

/**
 * The ZPL of a GET request: the path after the label index, percent-decoded to bytes (read one character a byte, as a
 * body is). The raw path is used, not the router's decoded parameter, which would read the bytes as UTF-8.
 */
function zplFromPath(ctx: Context): string {
  const encoded = ctx.path.split('/').slice(7).join('/');
  const bytes: number[] = [];
  for (let at = 0; at < encoded.length; at++) {
    const escaped = encoded[at] === '%' ? /^[0-9a-f]{2}$/i.exec(encoded.slice(at + 1, at + 3)) : null;
    if (escaped) {
      bytes.push(Number.parseInt(escaped[0], 16));
      at += 2;
    } else bytes.push(encoded.charCodeAt(at) & 0xff);
  }
  return zplTextFromBytes(Uint8Array.from(bytes));
}

export function registerZplViewerRoute(
  router: Router,
  { store, pool, quota, rateLimits, withoutKey }: ZplViewerRouteDeps,
): void {
  const view = (readZpl: (ctx: Context) => Promise<string>) => async (ctx: Context) => {
    const caller = ctx.state.viewer as ViewerCaller;
    // A keyless client's renders take turns in the pool and keep caches as a team of its own address does.
    const renderFor = caller.kind === 'team' ? caller.team.id : `viewer:${caller.client}`;
    // Admission and usage are a team's: a keyless request has no quota to hold and no usage to count.
    const admit = (labels: number) =>
      caller.kind === 'team' ? admitRenders(quota, caller.team, caller.mode, labels) : Promise.resolve(undefined);
    // Everything in the URL and headers is checked before the body is read: a mistake there costs no upload.
    const size = parseLabelSize(ctx.params.dpmm ?? '', ctx.params.size ?? '');
    const index = parseLabelIndex(ctx.params.index);
    const rotation = parseRotation(ctx.get('X-Rotation'));
    const format = acceptedFormat(ctx);
    const quality = parseQuality(ctx.get('X-Quality'));
    const pages = readZplPageHeaders((name) => ctx.get(name));
    const zpl = await readZpl(ctx);
    const options = { ...(format === 'png' ? { quality } : {}), ...(format === 'pdf' && pages ? { pages } : {}) };
    // The labels are unknown until read: one render is admitted first (a team at its hard cap is refused before any
    // work), the rest once the reader has counted them, all or none.
    const reservations: (QuotaReservation | undefined)[] = [await admit(1)];
    const count = (renders: number) =>
      caller.kind === 'team'
        ? store.groupCommit((trx) => countRenders(trx, caller.team.id, caller.mode, trx.now(), renders))
        : Promise.resolve();
    try {
      let rendered: ZplRenderResult;
      const rendering = pool.renderZpl(
        { zpl, ...size, index, format, rotation, ...options, team: renderFor },
        { signal: clientGoneSignal(ctx) },
      );
      // A PNG answer is exactly one label, or an error: its usage is counted while it draws (see countRendersAhead).
      const countedAhead =
        format === 'png' && caller.kind === 'team'
          ? countRendersAhead(store, caller.team.id, caller.mode, 1)
          : undefined;
      try {
        rendered = await rendering;
      } catch (error) {
        const totalCount = error instanceof AppError ? error.details?.totalCount : undefined;
        if (typeof totalCount === 'number') ctx.set('X-Total-Count', String(totalCount));
        await countedAhead?.takeBack();
        throw error;
      }
      if (rendered.labelCount > 1) reservations.push(await admit(rendered.labelCount - 1));
      if (countedAhead) await countedAhead.settle(rendered.labelCount);
      else if (rendered.labelCount > 0) await count(rendered.labelCount);
      ctx.set('X-Total-Count', String(rendered.totalCount));
      if (ctx.get('X-Linter').trim().toLowerCase() === 'on') {
        if (rendered.warnings.length > 0) ctx.set('X-Warnings', xWarningsHeader(rendered.warnings));
      }
      sendDocument(ctx, rendered.contentType, rendered.bytes);
    } finally {
      await Promise.all(reservations.map((reservation) => reservation?.release()));
    }
  };
  router.post(ZPL_VIEWER_PATH, viewerCaller(store, rateLimits, withoutKey), view(readZplBody));
  router.get(
    ZPL_VIEWER_GET_PATH,
    viewerCaller(store, rateLimits, withoutKey),
    view(async (ctx) => zplFromPath(ctx)),
  );
}
