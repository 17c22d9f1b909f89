// The admin session over HTTP: Bearer token or the cookie from the admin link, the CSRF header rule, and what survives a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, type EditorSession } from '../../../../src-shared/api/editorApi';
import { APP_VERSION } from '../../../appVersion';
import { api, signIn, smallTemplate, startEditorServer, type EditorServer } from './editorTestSupport';
import { WORKSPACE_TEAM_NAME } from './workspaceTeam';

let server: EditorServer;
beforeAll(async () => {
  server = await startEditorServer();
});
afterAll(async () => {
  await server.close();
});

function expectAuthRequired(answer: { status: number; headers: Headers; json(): Record<string, unknown> }): void {
  expect(answer.status).toBe(401);
  expect(answer.json()).toMatchObject({ code: 'AUTH_REQUIRED' });
  expect(answer.headers.get('www-authenticate')).toBe('Bearer');
}

describe('the editor API without a session', () => {
  it.each(['/api/session', '/api/templates', '/api/keys', '/api/nope', '/api'])('refuses GET %s with 401 AUTH_REQUIRED', async (path) => {
    expectAuthRequired(await api(server, path, { auth: 'none' }));
  });

  it('refuses a wrong token, an API key and a wrong cookie', async () => {
    expectAuthRequired(await api(server, '/api/session', { auth: 'none', headers: { Authorization: 'Bearer not-the-token' } }));
    const { key } = (await api(server, '/api/keys', { json: { mode: 'live' } })).json<{ key: string }>();
    expectAuthRequired(await api(server, '/api/session', { auth: 'none', headers: { Authorization: `Bearer ${key}` } }));
    expectAuthRequired(await api(server, '/api/session', { auth: { cookie: `${SESSION_COOKIE}=forged` } }));
    expectAuthRequired(await api(server, '/api/session', { auth: { cookie: `${SESSION_COOKIE}=${server.token}` } }));
  });

  it('does not open /v1 to the admin token: the render API keeps its own keys', async () => {
    expectAuthRequired(await api(server, '/v1/usage'));
  });
});

describe('GET /api/session with the admin token', () => {
  it('names the workspace team, super admin, the version and where the server listens', async () => {
    const answer = await api(server, '/api/session');
    expect(answer.status).toBe(200);
    const session = answer.json<EditorSession>();
    expect(session).toEqual({
      teamId: expect.any(String),
      teamName: WORKSPACE_TEAM_NAME,
      superAdmin: true,
      version: APP_VERSION,
      serverUrl: server.url,
      lanAccess: false,
      host: '127.0.0.1',
      port: server.port,
    });
    expect(server.store.teams.get(session.teamId)).toMatchObject({ name: WORKSPACE_TEAM_NAME, plan: 'enterprise' });
  });

  it('answers unknown /api paths with 404 once signed in', async () => {
    const answer = await api(server, '/api/nope');
    expect(answer.status).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the admin link /?token=', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie (not the token) and redirects to / so the token leaves the address bar', async () => {
    const answer = await api(server, `/?token=${server.token}`, { auth: 'none', headers: { Accept: 'text/html' } });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const setCookie = answer.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]+;`));
    expect(setCookie.toLowerCase()).toContain('httponly');
    expect(setCookie.toLowerCase()).toContain('samesite=strict');
    expect(setCookie.toLowerCase()).toContain('path=/');
    expect(setCookie).not.toContain(server.token);
  });

  it('refuses a wrong token with 401 and sets no cookie', async () => {
    const answer = await api(server, '/?token=wrong', { auth: 'none', headers: { Accept: 'text/html' } });
    expectAuthRequired(answer);
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it('gives a cookie that reads the API', async () => {
    const cookie = await signIn(server);
    expect((await api(server, '/api/session', { auth: { cookie } })).status).toBe(200);
  });
});

describe('CSRF: changes made with the cookie', () => {
  it('are refused without X-Labelsmith-Editor: 1, and nothing changes', async () => {
    const cookie = await signIn(server);
    const before = server.store.templates.listForTeam((await api(server, '/api/session')).json<EditorSession>().teamId, { publishedOnly: false }).length;
    const refused = await api(server, '/api/templates', { auth: { cookie }, json: { content: smallTemplate('Forged') } });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    const wrongValue = await api(server, '/api/templates', { auth: { cookie }, json: { content: smallTemplate('Forged') }, headers: { 'X-Labelsmith-Editor': 'yes' } });
    expect(wrongValue.status).toBe(403);
    const teamId = (await api(server, '/api/session')).json<EditorSession>().teamId;
    expect(server.store.templates.listForTeam(teamId, { publishedOnly: false })).toHaveLength(before);
  });

  it('pass with the header; a delete without it is refused too', async () => {
    const cookie = await signIn(server);
    const created = await api(server, '/api/templates', { auth: { cookie }, editorHeader: true, json: { content: smallTemplate('Made in the browser') } });
    expect(created.status).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect((await api(server, `/api/templates/${id}`, { method: 'DELETE', auth: { cookie } })).status).toBe(403);
    expect((await api(server, `/api/templates/${id}`, { method: 'DELETE', auth: { cookie }, editorHeader: true })).status).toBe(204);
  });

  it('do not apply to the Bearer token, which a browser never attaches by itself', async () => {
    expect((await api(server, '/api/templates', { json: { content: smallTemplate('Electron') } })).status).toBe(201);
  });
});

describe('after a restart on the same data directory', () => {
  it('keeps the token, the cookie and the workspace team', async () => {
    const dataServer = await startEditorServer();
    const cookie = await signIn(dataServer);
    const { teamId } = (await api(dataServer, '/api/session')).json<EditorSession>();
    await dataServer.close();
    const again = await startEditorServer({ dataDir: dataServer.dataDir });
    try {
      expect(again.token).toBe(dataServer.token);
      expect((await api(again, '/api/session', { auth: { cookie } })).json<EditorSession>().teamId).toBe(teamId);
      expect(again.store.teams.list().filter((team) => team.name === WORKSPACE_TEAM_NAME)).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});
