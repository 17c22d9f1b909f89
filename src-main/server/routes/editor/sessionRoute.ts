// GET /api/session: who the editor is (the workspace team, super admin) and where the server listens.
import type Router from '@koa/router';
import type { EditorSession } from '../../../../src-shared/api/editorApi';
import type { Store } from '../../../store/openStore';
import { lanAccessEnabled, type ServerConfig } from '../../serverConfig';
import { listeningPort } from './settingsRoutes';
import { currentWorkspaceTeam } from './workspaceTeam';

export function registerSessionRoute(router: Router, store: Store, config: ServerConfig, teamId: string): void {
  router.get('/api/session', (ctx) => {
    const team = currentWorkspaceTeam(store, teamId);
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
}
