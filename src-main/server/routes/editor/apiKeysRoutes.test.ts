// /api/keys: the workspace team's keys are made (shown once), listed without secrets with their last use, and revoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey, EditorApiKey, EditorSession } from '@shared/api/editorApi';
import { api, startEditorServer, type EditorServer } from '../../../../test/support/server/editorTestSupport';

let server: EditorServer;
beforeAll(async () => {
  server = await startEditorServer();
});
afterAll(async () => {
  await server.close();
});

const withKey = (key: string) => ({ auth: 'none' as const, headers: { Authorization: `Bearer ${key}` } });

describe('API keys in the editor', () => {
  it('are created live, test or demo; the key is in the answer once and never in the list', async () => {
    const { teamId } = (await api(server, '/api/session')).json<EditorSession>();
    const live = await api(server, '/api/keys', { json: { mode: 'live', name: 'WMS' } });
    expect(live.status).toBe(201);
    expect(live.headers.get('cache-control')).toBe('no-store');
    const created = live.json<CreatedApiKey>();
    expect(created.key).toMatch(/^svc_sk_live_[A-Za-z0-9_-]{43}$/);
    expect(created.record).toMatchObject({
      id: created.id,
      teamId,
      name: 'WMS',
      mode: 'live',
      demo: false,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.key.startsWith(created.record.prefix)).toBe(true);
    const demo = (await api(server, '/api/keys', { json: { mode: 'test', demo: true } })).json<CreatedApiKey>();
    expect(demo.key).toMatch(/^svc_sk_test_/);
    expect(demo.record).toMatchObject({ mode: 'test', demo: true, name: '' });

    const listed = await api(server, '/api/keys');
    const keys = listed.json<{ keys: EditorApiKey[] }>().keys;
    expect(keys.map((key) => key.id)).toEqual(expect.arrayContaining([created.id, demo.id]));
    expect(listed.text).not.toContain(created.key);
    expect(listed.text).not.toContain(created.key.slice(created.record.prefix.length));
    for (const key of keys)
      expect(Object.keys(key).sort()).toEqual([
        'createdAt',
        'demo',
        'id',
        'lastUsedAt',
        'mode',
        'name',
        'prefix',
        'revokedAt',
        'teamId',
      ]);
  });

  it('show when a key was last used, and a revoked key stops working at once', async () => {
    const created = (await api(server, '/api/keys', { json: { mode: 'test' } })).json<CreatedApiKey>();
    expect((await api(server, '/v1/usage', withKey(created.key))).status).toBe(200);
    const used = (await api(server, '/api/keys'))
      .json<{ keys: EditorApiKey[] }>()
      .keys.find((key) => key.id === created.id);
    expect(used?.lastUsedAt).toEqual(expect.any(Number));

    const revoked = await api(server, `/api/keys/${created.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.json<EditorApiKey>()).toMatchObject({ id: created.id, revokedAt: expect.any(Number) });
    expect((await api(server, '/v1/usage', withKey(created.key))).status).toBe(401);
    expect(
      (await api(server, '/api/keys')).json<{ keys: EditorApiKey[] }>().keys.find((key) => key.id === created.id)
        ?.revokedAt,
    ).toEqual(expect.any(Number));
  });

  it('refuse a bad mode, and revoke only the workspace team’s keys', async () => {
    for (const json of [{ mode: 'prod' }, {}, { mode: 'live', demo: 'yes' }, { mode: 'live', name: '' }]) {
      const answer = await api(server, '/api/keys', { json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    const other = await server.store.teams.create({ name: 'Other', plan: 'dev' });
    const theirs = await server.store.apiKeys.create({ teamId: other.id, mode: 'live' });
    expect((await api(server, `/api/keys/${theirs.record.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await server.store.apiKeys.get(theirs.record.id))?.revokedAt).toBeNull();
    expect((await api(server, '/api/keys/nope', { method: 'DELETE' })).status).toBe(404);
  });
});
