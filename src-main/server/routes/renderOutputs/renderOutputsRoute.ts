// GET /v1/render-outputs/{id} (spec 4.2): the team's rendered document for 7 days; 410 after, 404 for anything else.
import { extname } from 'node:path';
import type Router from '@koa/router';
import { NotFoundError, OutputExpiredError } from '@shared/api/apiErrors';
import type { Store } from '../../../store/openStore';
import { purgeExpired } from '../../../store/purgeExpired';
import { authenticate, authState } from '../../middleware/authenticate';
import { sendDocument } from '../../sendDocument';
import { knownQuery } from '../../middleware/knownQuery';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function registerRenderOutputsRoute(router: Router, store: Store): void {
  router.get('/v1/render-outputs/:renderId', authenticate(store), knownQuery(), async (ctx) => {
    const { team } = authState(ctx);
    const renderId = ctx.params.renderId ?? '';
    const notFound = new NotFoundError(`render output "${renderId}" was not found`);
    // Ids are UUIDs the store made: anything else (a path, a traversal attempt) is simply unknown.
    if (!UUID_PATTERN.test(renderId)) throw notFound;
    const found = await store.renders.lookup(renderId);
    // Another team's output is indistinguishable from a missing one.
    if (!found || (found.state === 'ready' ? found.render.teamId : found.teamId) !== team.id) throw notFound;
    if (found.state === 'expired') {
      await purgeExpired(store);
      throw new OutputExpiredError();
    }
    const { render } = found;
    const document = await store.outputs.openRead(render.fileName);
    // Gone between the lookup and now: a purge (of any node) removed the row first, so the output has just expired.
    if (document === undefined) throw new OutputExpiredError();
    // The stored file's extension: a PNG batch is a zip.
    ctx.set('Content-Disposition', `attachment; filename="label-${render.id}${extname(render.fileName)}"`);
    ctx.set('Cache-Control', 'private, max-age=0, must-revalidate');
    sendDocument(ctx, render.contentType, document.body, document.size);
  });
}
