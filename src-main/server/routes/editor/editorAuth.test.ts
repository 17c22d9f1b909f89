// The admin session over HTTP: Bearer token or the cookie from the admin link, the CSRF header rule, idle expiry, logout, and what a restart keeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, type EditorSession } from '@shared/api/editorApi';
import { APP_VERSION } from '../../../appVersion';
import {
  api,
  signIn,
  smallTemplate,
  startEditorServer,
  type EditorServer,
} from '../../../../test/support/server/editorTestSupport';
import { WORKSPACE_TEAM_NAME } from './workspaceTeam';

const HOUR_MS = 60 * 60 * 1000;

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
  it.each(['/api/session', '/api/templates', '/api/keys', '/api/nope', '/api'])(
    'refuses GET %s with 401 AUTH_REQUIRED',
    async (path) => {
      expectAuthRequired(await api(server, path, { auth: 'none' }));
    },
  );

  it('refuses a wrong token, an API key and a wrong cookie', async () => {
    expectAuthRequired(
      await api(server, '/api/session', { auth: 'none', headers: { Authorization: 'Bearer not-the-token' } }),
    );
    const { key } = (await api(server, '/api/keys', { json: { mode: 'live' } })).json<{ key: string }>();
    expectAuthRequired(
      await api(server, '/api/session', { auth: 'none', headers: { Authorization: `Bearer ${key}` } }),
    );
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
    expect(await server.store.teams.get(session.teamId)).toMatchObject({
      name: WORKSPACE_TEAM_NAME,
      plan: 'enterprise',
    });
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
    // Secure only under TLS (tlsServer.test.ts): plain HTTP could not send it back. Expires: 12 h (below).
    expect(setCookie.toLowerCase()).not.toContain('secure');
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
    const before = (
      await server.store.templates.listForTeam((await api(server, '/api/session')).json<EditorSession>().teamId, {
        publishedOnly: false,
      })
    ).length;
    const refused = await api(server, '/api/templates', {
      auth: { cookie },
      json: { content: smallTemplate('Forged') },
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    const wrongValue = await api(server, '/api/templates', {
      auth: { cookie },
      json: { content: smallTemplate('Forged') },
      headers: { 'X-Labelsmith-Editor': 'yes' },
    });
    expect(wrongValue.status).toBe(403);
    const teamId = (await api(server, '/api/session')).json<EditorSession>().teamId;
    expect(await server.store.templates.listForTeam(teamId, { publishedOnly: false })).toHaveLength(before);
  });

  it('pass with the header; a delete without it is refused too', async () => {
    const cookie = await signIn(server);
    const created = await api(server, '/api/templates', {
      auth: { cookie },
      editorHeader: true,
      json: { content: smallTemplate('Made in the browser') },
    });
    expect(created.status).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect((await api(server, `/api/templates/${id}`, { method: 'DELETE', auth: { cookie } })).status).toBe(403);
    expect(
      (await api(server, `/api/templates/${id}`, { method: 'DELETE', auth: { cookie }, editorHeader: true })).status,
    ).toBe(204);
  });

  it('do not apply to the Bearer token, which a browser never attaches by itself', async () => {
    expect((await api(server, '/api/templates', { json: { content: smallTemplate('Electron') } })).status).toBe(201);
  });
});

describe('the session cookie over time', () => {
  it('lasts while it is used (each answer renews it for 12 h) and ends after 12 h without a request', async () => {
    let now = Date.UTC(2025, 5, 15, 8);
    const clocked = await startEditorServer({ now: () => now });
    try {
      const opened = await api(clocked, `/?token=${clocked.token}`, { auth: 'none', headers: { Accept: 'text/html' } });
      expect(opened.headers.get('set-cookie')).toContain(`expires=${new Date(now + 12 * HOUR_MS).toUTCString()}`);
      const cookie = await signIn(clocked);
      for (let use = 0; use < 3; use += 1) {
        now += 11 * HOUR_MS;
        const used = await api(clocked, '/api/session', { auth: { cookie } });
        expect(used.status).toBe(200);
        const renewed = used.headers.get('set-cookie') ?? '';
        expect(renewed.startsWith(`${cookie};`)).toBe(true);
        expect(renewed).toContain(`expires=${new Date(now + 12 * HOUR_MS).toUTCString()}`);
      }
      now += 12 * HOUR_MS;
      expectAuthRequired(await api(clocked, '/api/session', { auth: { cookie } }));
      // The token still signs in afresh.
      expect((await api(clocked, '/api/session', { auth: { cookie: await signIn(clocked) } })).status).toBe(200);
    } finally {
      await clocked.close();
    }
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server: the same cookie is refused afterwards, another session is not touched', async () => {
    const cookie = await signIn(server);
    const other = await signIn(server);
    const answer = await api(server, '/api/logout', { method: 'POST', auth: { cookie }, editorHeader: true });
    expect(answer.status).toBe(204);
    const cleared = answer.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(cleared.toLowerCase()).toContain('expires=thu, 01 jan 1970');
    // A copy of the cookie kept elsewhere (another tab, a thief) is refused too.
    expectAuthRequired(await api(server, '/api/session', { auth: { cookie } }));
    expect((await api(server, '/api/session', { auth: { cookie: other } })).status).toBe(200);
  });

  it('needs the CSRF header with the cookie, so another site cannot sign the editor out', async () => {
    const cookie = await signIn(server);
    expect((await api(server, '/api/logout', { method: 'POST', auth: { cookie } })).status).toBe(403);
    expect((await api(server, '/api/session', { auth: { cookie } })).status).toBe(200);
  });

  it('answers 204 to the Bearer token, which has no session to end and keeps working', async () => {
    expect((await api(server, '/api/logout', { method: 'POST' })).status).toBe(204);
    expect((await api(server, '/api/session')).status).toBe(200);
  });
});

describe('after a restart on the same data directory', () => {
  it("keeps the token and the workspace team; browsers sign in again, as sessions live in the server's memory", async () => {
    const dataServer = await startEditorServer();
    const cookie = await signIn(dataServer);
    const { teamId } = (await api(dataServer, '/api/session')).json<EditorSession>();
    await dataServer.close();
    const again = await startEditorServer({ dataDir: dataServer.dataDir });
    try {
      expect(again.token).toBe(dataServer.token);
      expectAuthRequired(await api(again, '/api/session', { auth: { cookie } }));
      expect(
        (await api(again, '/api/session', { auth: { cookie: await signIn(again) } })).json<EditorSession>().teamId,
      ).toBe(teamId);
      expect((await again.store.teams.list()).filter((team) => team.name === WORKSPACE_TEAM_NAME)).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});
