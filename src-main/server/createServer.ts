// The Koa app of the embedded server and its lifecycle: the one factory behind `labelsmith serve`, Electron and the tests.
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import type { Logger } from 'pino';
import { NotFoundError } from '../../src-shared/api/apiErrors';
import { AppError } from '../../src-shared/errors';
import type { RenderPool } from '../render/renderPool';
import type { Store } from '../store/openStore';
import { purgeExpired } from '../store/purgeExpired';
import { removeOrphans } from '../store/removeOrphans';
import { errorMapper } from './middleware/errorMapper';
import { hostCheck } from './middleware/hostCheck';
import { requestLog } from './middleware/requestLog';
import { QuotaGate } from './quotaGate';
import { TeamRateLimits } from './rateLimits';
import { registerHealthRoute } from './routes/health/healthRoute';
import { registerOpenApiRoute } from './routes/openapi/openApiRoute';
import { registerRenderRoute } from './routes/render/renderRoute';
import { registerRenderOutputsRoute } from './routes/renderOutputs/renderOutputsRoute';
import { registerTemplatesRoutes } from './routes/templates/templatesRoute';
import { registerUsageRoute } from './routes/usage/usageRoute';
import type { ServerConfig } from './serverConfig';

export interface ServerDeps {
  store: Store;
  pool: RenderPool;
  config: ServerConfig;
  logger: Logger;
}

/**
 * Expired outputs are purged at start and then this often (downloads of expired ones are refused at once anyway);
 * the same sweep removes orphaned files, which openStore leaves alone while they are recent.
 */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function createApp({ store, pool, config, logger }: ServerDeps): Koa {
  const app = new Koa();
  // Koa's own error printing would log stacks for errors the mapper already answered.
  app.silent = true;
  const router = new Router();
  registerHealthRoute(router, config.version, store.now);
  registerOpenApiRoute(router, config.version);
  registerRenderRoute(router, { store, pool, quota: new QuotaGate(), rateLimits: new TeamRateLimits(store.now) });
  registerRenderOutputsRoute(router, store);
  registerTemplatesRoutes(router, store);
  registerUsageRoute(router, store);

  app.use(requestLog(logger));
  app.use(errorMapper());
  app.use(hostCheck(config));
  app.use(router.routes());
  app.use(
    router.allowedMethods({
      throw: true,
      methodNotAllowed: () => new AppError('METHOD_NOT_ALLOWED', 405, 'this method is not allowed on this path'),
      notImplemented: () => new AppError('NOT_IMPLEMENTED', 501, 'this method is not implemented'),
    }),
  );
  app.use((ctx) => {
    throw new NotFoundError(`no such endpoint: ${ctx.method} ${ctx.path}`);
  });
  return app;
}

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting, lets in-flight requests finish, then stops the render pool and closes the database. */
  close(): Promise<void>;
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startServer(deps: ServerDeps): Promise<RunningServer> {
  purgeExpired(deps.store);
  const purgeTimer = setInterval(() => {
    purgeExpired(deps.store);
    removeOrphans(deps.store);
  }, SWEEP_INTERVAL_MS);
  purgeTimer.unref();
  const server = createHttpServer(createApp(deps).callback());
  // Slow clients cannot hold a request open forever; renders themselves are bounded by the pool's time limit.
  server.requestTimeout = 60_000;
  const address = await listen(server, deps.config.host, deps.config.port);
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostForUrl}:${address.port}`,
    port: address.port,
    close() {
      closing ??= (async () => {
        clearInterval(purgeTimer);
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await closed;
        await deps.pool.close();
        deps.store.close();
      })();
      return closing;
    },
  };
}
