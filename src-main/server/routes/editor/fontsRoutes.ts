// The bundled fonts for the editor's canvas: GET /api/fonts lists them, /editor-assets/fonts/<file> serves the TTFs themselves.
import { join } from 'node:path';
import type Router from '@koa/router';
import { send } from '@koa/send';
import { NotFoundError } from '@shared/api/apiErrors';
import type { EditorFont } from '@shared/api/editorApi';
import { faceKey } from '@shared/fonts/fontFaces';
import { BUNDLED_FILES, resourcesDir } from '../../../fonts/bundledFonts';

const FONTS_PATH = '/editor-assets/fonts';
/** The files change only with a new release; a year is what browsers cap long caching at anyway. */
export const LONG_CACHE_MS = 365 * 24 * 60 * 60 * 1000;

const FONTS: EditorFont[] = BUNDLED_FILES.map(({ family, weight, style, file }) => ({
  key: faceKey(family, weight, style),
  family,
  weight,
  style,
  file,
  url: `${FONTS_PATH}/${file}`,
}));
const KNOWN_FILES = new Set(BUNDLED_FILES.map(({ file }) => file));

export function registerFontsRoutes(router: Router): void {
  router.get('/api/fonts', (ctx) => {
    ctx.body = { fonts: FONTS };
  });

  // Outside /api: open fonts hold nothing private, and @font-face loads them without credentials.
  router.get(`${FONTS_PATH}/:file`, async (ctx) => {
    const file = ctx.params.file ?? '';
    // Only the listed names: nothing from the request ever becomes a path of its own.
    if (!KNOWN_FILES.has(file)) throw new NotFoundError(`no such font: ${file}`);
    await send(ctx, file, { root: join(resourcesDir(), 'fonts'), maxage: LONG_CACHE_MS });
  });
}
