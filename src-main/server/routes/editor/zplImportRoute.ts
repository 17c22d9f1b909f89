// The editor's POST /api/zpl/import: one label of pasted or opened ZPL made a new draft template of the workspace team.
import type Router from '@koa/router';
import { zplImportBodySchema, type EditorZplImport } from '@shared/api/editorApi';
import { inchesToDots } from '@shared/api/zplViewer';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';
import { bundledFonts } from '../../../fonts/bundledFonts';
import type { Store } from '../../../store/openStore';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';

/**
 * Read and lifted on the event loop, not in a render thread: it is one admin's occasional action on at most the
 * body limit of ZPL, whose graphics the reader's pixel budget bounds, and the answer is stored at once.
 */
export function registerZplImportRoute(router: Router, store: Store, teamId: string): void {
  router.post('/api/zpl/import', jsonBody(), async (ctx) => {
    const body = parseRequestBody(zplImportBodySchema, ctx.request.body);
    // As the bytes a printer would receive: ^CI then decides how field bytes become characters, as for a file.
    const text = zplTextFromBytes(new TextEncoder().encode(body.zpl));
    // The ZPL reader is loaded on the first import: the server's process starts without it.
    const { importZpl } = await import('@shared/read/zpl/importZpl');
    const { template, warnings } = importZpl(text, {
      dpmm: body.dpmm,
      widthDots: inchesToDots(body.width, body.dpmm),
      heightDots: inchesToDots(body.height, body.dpmm),
      index: body.index,
      name: body.name,
      fonts: bundledFonts(),
    });
    const record = await store.transaction((trx) =>
      trx.templates.create({ teamId, content: template, slug: body.slug }),
    );
    const answer: EditorZplImport = { id: record.id, slug: record.slug, name: record.name, warnings };
    ctx.status = 201;
    ctx.body = answer;
  });
}
