// GET /api/session: who the editor is (the workspace team, super admin) and where the server listens; POST /api/logout ends the browser's session.
import type Router from '@koa/router';
import { SESSION_COOKIE, type EditorSession } from '@shared/api/editorApi';
import type { Store } from '../../../store/openStore';
import type { AdminSession } from '../../adminSession';
import { lanAccessEnabled, type ServerConfig } from '../../serverConfig';
import { clearSessionCookie } from './editorAuth';
import { listeningPort } from './settingsRoutes';
import { currentWorkspaceTeam } from './workspaceTeam';

export function registerSessionRoute(
  router: Router,
  store: Store,
  config: ServerConfig,
  adminSession: AdminSession,
  teamId: string,
): void {
  router.get('/api/session', async (ctx) => {
    const team = await currentWorkspaceTeam(store, teamId);
    const session: EditorSession = {
      teamId: team.id,
      teamName: team.name,
      superAdmin: true,
      version: config.version,
      // The Host header was checked against the names this server answers to, so it is safe to echo.
      serverUrl: `${ctx.protocol}://${ctx.host}`,
      lanAccess: lanAccessEnabled(config),
      host: config.host,
      port: listeningPort(ctx, config),
    };
    ctx.body = session;
  });

  // Ended on the server, so a copy of the cookie (another tab, a stolen one) stops working too. A Bearer caller has no
  // session to end: the admin token is revoked by replacing the admin-token file.
  router.post('/api/logout', (ctx) => {
    const cookie = ctx.cookies.get(SESSION_COOKIE);
    if (cookie !== undefined) adminSession.end(cookie);
    clearSessionCookie(ctx);
    ctx.status = 204;
  });
}
