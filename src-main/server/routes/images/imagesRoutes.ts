// The team's image library over HTTP: /v1/images (API key) and /api/images (the editor's session), one set of handlers.
import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { NotFoundError } from '@shared/api/apiErrors';
import {
  createImageSchema,
  imageNameSchema,
  LIBRARY_IMAGE_CONTENT_TYPES,
  MAX_LIBRARY_IMAGES,
  replaceImageSchema,
  type LibraryImage,
} from '@shared/api/images';
import { BadRequestError } from '@shared/errors';
import { readLibraryImage } from '../../../images/libraryImageUpload';
import type { RenderPool } from '../../../render/renderPool';
import type { Store } from '../../../store/openStore';
import { imageNameTaken, type ImageInfo } from '../../../store/queries/images';
import { withinStorageBudget } from '../../../store/storageBudget';
import { authenticate, authState, refuseDemoKeys } from '../../middleware/authenticate';
import { clientGoneSignal } from '../../middleware/clientGone';
import { jsonBody } from '../../middleware/jsonBody';
import { rateLimit } from '../../admission/rateLimit';
import type { TeamRateLimits } from '../../admission/rateLimits';
import { parseRequestBody } from '../../requestBody';
import { knownQuery } from '../../middleware/knownQuery';

export function imageView(image: ImageInfo): LibraryImage {
  const { name, type, sizeBytes, pixelWidth, pixelHeight, createdAt, updatedAt } = image;
  return {
    name,
    type,
    contentType: LIBRARY_IMAGE_CONTENT_TYPES[type],
    sizeBytes,
    pixelWidth,
    pixelHeight,
    createdAt,
    updatedAt,
  };
}

/** A name from the path: a slug, else 400 saying the rule (an unknown valid name is a 404 from the lookup). */
function pathName(ctx: Context): string {
  const name = ctx.params.name ?? '';
  const parsed = imageNameSchema.safeParse(name);
  if (!parsed.success)
    throw new BadRequestError(`image name "${name.slice(0, 80)}": ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return name;
}

const notFound = (name: string): NotFoundError => new NotFoundError(`the team has no image named "${name}"`);

interface ImageRoutesOptions {
  /** The path prefix: /v1/images or /api/images. */
  base: string;
  /** What runs before every handler (authentication), and how the handler finds the team. */
  guard: Middleware[];
  /** What runs before an upload or a replacement, which rasterises an SVG in the render pool: the team's rate limits. */
  work: Middleware[];
  teamOf(ctx: Context): string;
}

function registerImageRoutes(
  router: Router,
  store: Store,
  pool: RenderPool,
  { base, guard, work, teamOf }: ImageRoutesOptions,
): void {
  router.get(base, ...guard, async (ctx) => {
    ctx.body = { images: (await store.images.list(teamOf(ctx))).map(imageView) };
  });

  router.post(base, ...guard, ...work, jsonBody(), async (ctx) => {
    const { name, data } = parseRequestBody(createImageSchema, ctx.request.body);
    const teamId = teamOf(ctx);
    // A taken name answers 409 before the image is read or an SVG rasterised; create checks again in its transaction.
    if (await store.images.info(teamId, name)) throw imageNameTaken(name);
    const content = await readLibraryImage(pool, teamId, name, data, clientGoneSignal(ctx));
    // The image and its raster count in the team's storage budget: past it, 429 STORAGE_EXCEEDED and nothing kept.
    const created = await withinStorageBudget(store, teamId, (trx) =>
      trx.images.create(teamId, name, content, MAX_LIBRARY_IMAGES),
    );
    ctx.status = 201;
    ctx.set('Location', `${base}/${name}`);
    ctx.body = imageView(created);
  });

  router.get(`${base}/:name`, ...guard, async (ctx) => {
    const name = pathName(ctx);
    const image = await store.images.get(teamOf(ctx), name);
    if (!image) throw notFound(name);
    // From the bytes, not updatedAt: a replacement in the same millisecond (or after the clock stepped back) would
    // otherwise keep the old ETag, and a client holding the old image would be told 304.
    ctx.set('ETag', `"${createHash('sha256').update(image.data).digest('base64url')}"`);
    ctx.set('Cache-Control', 'no-cache');
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    // An SVG opened as a page must not run anything or load anything, whatever slipped past the checks.
    ctx.set('Content-Security-Policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = LIBRARY_IMAGE_CONTENT_TYPES[image.type];
    ctx.body = image.data;
  });

  // What renders draw: the PNG or JPEG as uploaded, an SVG's raster (the editor's canvas lays labels out with it).
  router.get(`${base}/:name/drawn`, ...guard, async (ctx) => {
    const name = pathName(ctx);
    const drawn = await store.images.drawn(teamOf(ctx), name);
    if (!drawn) throw notFound(name);
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = drawn.mime;
    ctx.body = drawn.bytes;
  });

  router.put(`${base}/:name`, ...guard, ...work, jsonBody(), async (ctx) => {
    const name = pathName(ctx);
    const { data } = parseRequestBody(replaceImageSchema, ctx.request.body);
    const teamId = teamOf(ctx);
    if (!(await store.images.info(teamId, name))) throw notFound(name);
    const content = await readLibraryImage(pool, teamId, name, data, clientGoneSignal(ctx));
    const replaced = await withinStorageBudget(store, teamId, (trx) => trx.images.replace(teamId, name, content));
    if (!replaced) throw notFound(name);
    ctx.body = imageView(replaced);
  });

  router.delete(`${base}/:name`, ...guard, async (ctx) => {
    const name = pathName(ctx);
    if (!(await store.images.remove(teamOf(ctx), name))) throw notFound(name);
    ctx.status = 204;
  });
}

/**
 * /v1/images: an API key's team; demo keys are for trying library templates only. An upload or replacement counts one
 * request against the team's rate limits, as a render does: each can keep a render worker busy up to the SVG limit.
 */
export function registerV1ImagesRoutes(
  router: Router,
  store: Store,
  pool: RenderPool,
  rateLimits: TeamRateLimits,
): void {
  registerImageRoutes(router, store, pool, {
    base: '/v1/images',
    guard: [authenticate(store), knownQuery(), refuseDemoKeys('use the image library')],
    work: [rateLimit(rateLimits)],
    teamOf: (ctx) => authState(ctx).team.id,
  });
}

/** /api/images: the editor's workspace team (the admin session is checked before the router). */
export function registerEditorImagesRoutes(router: Router, store: Store, pool: RenderPool, teamId: string): void {
  // The operator's own editor: no API rate limits, as its previews have none; its uploads still queue as its team's.
  registerImageRoutes(router, store, pool, { base: '/api/images', guard: [], work: [], teamOf: () => teamId });
}
