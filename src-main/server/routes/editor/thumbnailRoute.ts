// GET /api/templates/:id/thumbnail.png: the gallery's picture of a template, rendered by the engine about 240 px on its longer side.
import type Router from '@koa/router';
import { RenderError } from '@shared/errors';
import type { Template } from '@shared/model/template';
import { PNG_DPI } from '@shared/render/outputFormats';
import { pointsToInches, toPoints } from '@shared/units/length';
import { libraryImageNames } from '@shared/elements/image/libraryImageRefs';
import { resolveLibraryImages } from '../../../images/resolveLibraryImages';
import type { RenderPool } from '../../../render/renderPool';
import type { Store } from '../../../store/openStore';
import { workspaceTemplate } from './editorViews';

export const THUMBNAIL_LONGER_SIDE_PX = 240;
/** Each left-out element costs one more render; a template failing this often gets no picture. */
const MAX_LEFT_OUT_ELEMENTS = 8;

/** The dpi that makes the longer side 240 px, within the PNG range (tiny labels come out larger, huge ones smaller). */
export function thumbnailDpi(template: Template): number {
  const longerSide = pointsToInches(
    Math.max(toPoints(template.dimensions.width), toPoints(template.dimensions.height)),
  );
  return Math.min(PNG_DPI.max, Math.max(PNG_DPI.min, THUMBNAIL_LONGER_SIDE_PX / longerSide));
}

/**
 * A thumbnail shows the template with its first sample record (the designer's data panel saves them), so labels whose
 * text is all bound to data are not blank. Without samples, or with a record lacking a field, a barcode fed by a
 * missing field cannot be drawn: the element the render error names is left out and the rest drawn, since a label
 * without its barcode says more in a gallery than no picture.
 */
async function renderThumbnail(
  pool: RenderPool,
  store: Store,
  teamId: string,
  template: Template,
): Promise<Uint8Array> {
  const dpi = thumbnailDpi(template);
  const data = template.meta.sampleData?.[0] ?? {};
  let elements = (await resolveLibraryImages(store, teamId, template)).elements;
  for (let leftOut = 0; ; leftOut++) {
    try {
      return (await pool.render({ template: { ...template, elements }, data, format: 'png', dpi, team: teamId })).bytes;
    } catch (error) {
      const failed = error instanceof RenderError ? error.elementId : undefined;
      const rest = elements.filter((element) => element.id !== failed);
      if (failed === undefined || rest.length === elements.length || leftOut >= MAX_LEFT_OUT_ELEMENTS) throw error;
      elements = rest;
    }
  }
}

/** The library images the template shows, as their last change: replacing one changes the picture. */
async function libraryImagesStamp(store: Store, teamId: string, template: Template): Promise<string> {
  const stamps = await Promise.all(
    libraryImageNames(template).map(
      async (name) => `${name}@${(await store.images.info(teamId, name))?.updatedAt ?? 'none'}`,
    ),
  );
  return stamps.join(',');
}

export function registerThumbnailRoute(
  router: Router,
  store: Store,
  pool: RenderPool,
  teamId: string,
  version: string,
): void {
  router.get('/api/templates/:id/thumbnail.png', async (ctx) => {
    const template = await workspaceTemplate(store, teamId, ctx.params.id ?? '');
    // The picture changes when the template or the engine does: the browser revalidates and gets 304 until then.
    ctx.set(
      'ETag',
      `W/"${template.updatedAt}-${await libraryImagesStamp(store, teamId, template.content)}-${version}"`,
    );
    ctx.set('Cache-Control', 'no-cache');
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const bytes = await renderThumbnail(pool, store, teamId, template.content);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'image/png';
    ctx.body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  });
}
