// /api/keys: the workspace team's API keys: list (never the key), create (the key shown once), revoke.
import type Router from '@koa/router';
import { NotFoundError } from '@shared/api/apiErrors';
import { createKeyBodySchema, type CreatedApiKey } from '@shared/api/editorApi';
import type { Store } from '../../../store/openStore';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';

export function registerApiKeysRoutes(router: Router, store: Store, teamId: string): void {
  router.get('/api/keys', async (ctx) => {
    ctx.body = { keys: await store.apiKeys.list(teamId) };
  });

  router.post('/api/keys', jsonBody(), async (ctx) => {
    const { mode, demo, name } = parseRequestBody(createKeyBodySchema, ctx.request.body);
    const { record, key } = await store.apiKeys.create({ teamId, mode, demo, name });
    const created: CreatedApiKey = { id: record.id, key, record };
    // The key exists nowhere else: no cache may keep the answer.
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = created;
  });

  router.delete('/api/keys/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    ctx.body = await store.transaction(async (trx) => {
      if ((await trx.apiKeys.get(id))?.teamId !== teamId) throw new NotFoundError(`API key "${id}" was not found`);
      return trx.apiKeys.revoke(id);
    });
  });
}
