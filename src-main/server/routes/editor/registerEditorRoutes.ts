// The editor's private API under /api, all of it behind the admin session (see editorAuth), acting as the workspace team.
import type Router from '@koa/router';
import type { PrintQueue } from '../../../printing/printQueue';
import type { RenderPool } from '../../../render/renderPool';
import type { Store } from '../../../store/openStore';
import type { AdminSession } from '../../adminSession';
import type { QuotaGate } from '../../admission/quotaGate';
import type { ServerConfig } from '../../serverConfig';
import { registerEditorImagesRoutes } from '../images/imagesRoutes';
import { registerApiKeysRoutes } from './apiKeysRoutes';
import { registerFontsRoutes } from './fontsRoutes';
import { registerHotFoldersRoutes } from './hotFoldersRoutes';
import { registerLibrariesRoutes } from './librariesRoutes';
import { registerNextCountersRoute } from './nextCountersRoute';
import { registerPreviewRoute } from './previewRoute';
import { registerPrintJobsRoutes } from './printJobsRoutes';
import { registerPrintersRoutes } from './printersRoutes';
import { registerSessionRoute } from './sessionRoute';
import { registerSettingsRoutes } from './settingsRoutes';
import { registerStocksRoute } from './stocksRoute';
import { registerTemplatesRoutes } from './templatesRoutes';
import { registerTemplateVersionsRoutes } from './templateVersionsRoutes';
import { registerVirtualPrintersRoutes } from './virtualPrintersRoutes';
import { registerThumbnailRoute } from './thumbnailRoute';
import { registerEditorUsageRoute } from './usageRoute';
import { registerZplImportRoute } from './zplImportRoute';
import { registerZplPreviewRoute } from './zplPreviewRoute';

export interface EditorRouteDeps {
  store: Store;
  pool: RenderPool;
  config: ServerConfig;
  /** The browser sessions (sign-in opens them, logout ends them). */
  session: AdminSession;
  /** The workspace team (ensureWorkspaceTeam). */
  teamId: string;
  /** The server's quota gate and print queue: the editor's print jobs are admitted and sent like /v1/print's. */
  quota: QuotaGate;
  printQueue: Pick<PrintQueue, 'wake'>;
}

export function registerEditorRoutes(
  router: Router,
  { store, pool, config, session, teamId, quota, printQueue }: EditorRouteDeps,
): void {
  registerSessionRoute(router, store, config, session, teamId);
  registerTemplatesRoutes(router, store, teamId);
  registerTemplateVersionsRoutes(router, store, teamId);
  registerZplImportRoute(router, store, teamId);
  registerThumbnailRoute(router, store, pool, teamId, config.version);
  registerPreviewRoute(router, pool, store, teamId);
  registerNextCountersRoute(router, store, teamId);
  registerZplPreviewRoute(router, pool);
  registerStocksRoute(router);
  registerApiKeysRoutes(router, store, teamId);
  registerEditorUsageRoute(router, store, teamId);
  registerSettingsRoutes(router, store, config);
  registerLibrariesRoutes(router, store, teamId);
  registerPrintersRoutes(router, store, teamId);
  registerVirtualPrintersRoutes(router, store, config, teamId);
  registerHotFoldersRoutes(router, store, config, teamId);
  registerPrintJobsRoutes(router, { store, pool, quota, queue: printQueue }, teamId);
  registerFontsRoutes(router);
  registerEditorImagesRoutes(router, store, pool, teamId);
}
