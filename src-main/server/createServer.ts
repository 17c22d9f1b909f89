// The Koa app of the embedded server and its lifecycle: the one factory behind `labelsmith serve`, Electron and the tests.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import type { Redis } from 'ioredis';
import Koa from 'koa';
import type { Logger } from 'pino';
import { NotFoundError } from '@shared/api/apiErrors';
import { AppError } from '@shared/errors';
import { createPrintQueue, type PrintQueue } from '../printing/printQueue';
import type { PrintQueueOptions } from '../printing/printQueueOptions';
import type { RenderPool } from '../render/renderPool';
import type { Store } from '../store/openStore';
import { purgeExpired } from '../store/purgeExpired';
import { MAX_OUTPUT_BYTES } from '@shared/api/plans';
import { removeOrphans } from '../store/removeOrphans';
import { adminSession, loadOrCreateAdminToken, type AdminSession } from './adminSession';
import { connectionCap, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, watchConnections } from './connectionLimit';
import { errorMapper } from './middleware/errorMapper';
import { hostCheck } from './middleware/hostCheck';
import { requestLog } from './middleware/requestLog';
import { QuotaGate } from './admission/quotaGate';
import { TeamRateLimits } from './admission/rateLimits';
import { connectRedis } from './redisClient';
import { adminFromLoopbackOnly, requireAdminSession, signInWithAdminLink } from './routes/editor/editorAuth';
import { editorPage } from './routes/editor/editorPage';
import { registerEditorRoutes } from './routes/editor/registerEditorRoutes';
import { ensureWorkspaceTeam } from './routes/editor/workspaceTeam';
import { registerHealthRoute } from './routes/health/healthRoute';
import { registerV1ImagesRoutes } from './routes/images/imagesRoutes';
import { registerOpenApiRoute } from './routes/openapi/openApiRoute';
import { registerPrintRoute } from './routes/print/printRoute';
import { registerPrintersRoute } from './routes/printers/printersRoute';
import { readinessChecks } from './routes/ready/readiness';
import { registerReadyRoute } from './routes/ready/readyRoute';
import { registerRenderRoute } from './routes/render/renderRoute';
import { registerRenderOutputsRoute } from './routes/renderOutputs/renderOutputsRoute';
import { registerTemplatesRoutes } from './routes/templates/templatesRoute';
import { registerUsageRoute } from './routes/usage/usageRoute';
import { registerZplViewerRoute } from './routes/zplViewer/zplViewerRoute';
import { lanAccessEnabled, SHUTDOWN_GRACE_MS, type ServerConfig } from './serverConfig';
import { startVirtualPrinters } from '../printing/inbound/virtualPrinters';
import { startHotFolders, type HotFoldersOptions } from '../printing/inbound/hotFolders';
import { createRouteChoice, type RouteChoice } from '../printing/inbound/virtualPrinterRoutes';
import type { VirtualPrinterLimits } from '../printing/inbound/virtualPrinterServer';

export interface ServerDeps {
  store: Store;
  pool: RenderPool;
  config: ServerConfig;
  logger: Logger;
  /** Retries, timeouts and polling of the print queue (tests shorten them); default: printQueueOptions' defaults. */
  printQueue?: PrintQueueOptions;
  /** The virtual printers' connection limits and how often they are read again (tests shorten them). */
  virtualPrinters?: { limits?: Partial<VirtualPrinterLimits>; rescanMs?: number };
  /** How often the hot folders are read again, and their watchers' timings (tests shorten them). */
  hotFolders?: HotFoldersOptions;
}

/**
 * Expired outputs are purged at start and then this often (downloads of expired ones are refused at once anyway);
 * the same sweep removes orphaned outputs and print documents: those openStore left alone while they were recent, and
 * on S3 all of them (openStore does not list a bucket).
 */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * `printQueue`: the queue submitted print jobs wake; startServer starts and stops it with the server. `session`: the
 * browser sessions, which startServer also opens for the desktop window. `redis`: the connection to config.redisUrl.
 */
export async function createApp(
  deps: ServerDeps,
  printQueue: Pick<PrintQueue, 'wake'>,
  session: AdminSession,
  redis: Redis | undefined,
): Promise<Koa> {
  const { config, logger } = deps;
  const app = new Koa();
  // Koa's own error printing would log stacks for errors the mapper already answered.
  app.silent = true;
  const router = await createRouter(deps, printQueue, session, redis);
  app.use(requestLog(logger, config.trustedProxies));
  app.use(errorMapper());
  app.use(connectionCap());
  app.use(hostCheck(config));
  app.use(unansweredAsError());
  app.use(adminFromLoopbackOnly(config));
  app.use(requireAdminSession(session));
  // Before the router, which has no page paths: the editor page never answers for /api, /v1, /health or their files.
  app.use(signInWithAdminLink(session));
  app.use(editorPage(config.rendererDir));
  app.use(router.routes());
  // Not `throw: true`: its errors carry no Allow header. It leaves a bodiless 405/501 with Allow, turned into JSON above.
  app.use(router.allowedMethods());
  return app;
}

/**
 * Every route the app serves (the OpenAPI test reads its /v1 routes to check each one is documented, and gives no
 * logger). `logger` hears of quota reservations the store did not answer for; `redis`: the connection to
 * config.redisUrl.
 */
export async function createRouter(
  { store, pool, config, logger }: Omit<ServerDeps, 'logger'> & Partial<Pick<ServerDeps, 'logger'>>,
  printQueue: Pick<PrintQueue, 'wake'>,
  session: AdminSession,
  redis?: Redis,
): Promise<Router> {
  const router = new Router();
  registerHealthRoute(router, config.version, store.now);
  registerReadyRoute(router, readinessChecks(store, redis), logger);
  registerOpenApiRoute(router, config.version);
  // One gate and one set of windows: a print job is admitted and rate limited as renders, against the same budget;
  // the gate's reservations are in the store and the windows in Redis when configured, so every node shares them.
  const quota = new QuotaGate(store, {
    onStoreError: (error) => logger?.warn({ err: error }, 'quota reservations: the store did not answer'),
  });
  const rateLimits = new TeamRateLimits(store.now, redis);
  registerRenderRoute(router, {
    store,
    pool,
    quota,
    rateLimits,
    maxOutputBytes: config.maxOutputBytes ?? MAX_OUTPUT_BYTES,
  });
  registerPrintRoute(router, { store, pool, quota, rateLimits, queue: printQueue });
  registerPrintersRoute(router, store, rateLimits);
  registerZplViewerRoute(router, {
    store,
    pool,
    quota,
    rateLimits,
    withoutKey: config.viewerWithoutKey === true ? { trustedProxies: config.trustedProxies } : undefined,
  });
  registerRenderOutputsRoute(router, store);
  registerTemplatesRoutes(router, store);
  registerUsageRoute(router, store);
  registerV1ImagesRoutes(router, store, pool, rateLimits);
  // The first start makes the editor's workspace team; later starts find it.
  registerEditorRoutes(router, {
    store,
    pool,
    config,
    session,
    teamId: (await ensureWorkspaceTeam(store)).id,
    quota,
    printQueue,
  });
  return router;
}

/**
 * Gives a request no route answered the API's JSON error: 405 (with the router's Allow header) for a known path asked
 * with another method, 501 for a method no route has, else 404. It must wrap the router rather than run after it:
 * allowedMethods decides only once everything after it has returned, so a 404 thrown there would hide every 405.
 */
function unansweredAsError() {
  return async (ctx: Koa.Context, next: Koa.Next): Promise<void> => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (ctx.status === 405)
      throw new AppError(
        'METHOD_NOT_ALLOWED',
        405,
        `${ctx.method} is not allowed on ${ctx.path}; allowed: ${ctx.response.get('Allow')}`,
      );
    if (ctx.status === 501) throw new AppError('NOT_IMPLEMENTED', 501, `the method ${ctx.method} is not implemented`);
    if (ctx.status === 404) throw new NotFoundError(`no such endpoint: ${ctx.method} ${ctx.path}`);
  };
}

export interface RunningServer {
  url: string;
  port: number;
  /** A session cookie value for the desktop window, which the app signs in itself; it does not idle out. */
  openWindowSession(): string;
  /** Stops accepting, lets in-flight requests finish (renders: within the shutdown grace), then stops the render pool and the print queue (its jobs stay queued) and closes the database. */
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

/** HTTPS when the config has a certificate, else HTTP; the same request handler either way. */
function createNodeServer(
  config: ServerConfig,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Server {
  // Without a Host header Node would answer 400 itself, with no body; the app's host check refuses it as JSON instead.
  const options = { requireHostHeader: false };
  return config.tls === undefined
    ? createHttpServer(options, handler)
    : createHttpsServer({ ...options, cert: config.tls.cert, key: config.tls.key }, handler);
}

/**
 * The PROXY protocol is believed only from trusted peers, so it needs some; and Node's TLS takes over a socket's
 * handle without the bytes already read past the header, so it is for plain HTTP (TLS ends at the balancer).
 */
function checkProxyProtocol(config: ServerConfig): void {
  if ((config.trustedProxies?.ranges.length ?? 0) === 0)
    throw new Error('the PROXY protocol is read only from trusted proxies: give --trusted-proxy too');
  if (config.tls !== undefined)
    throw new Error(
      'the PROXY protocol is supported on plain HTTP only: end TLS at the balancer, or drop --proxy-protocol',
    );
}

export async function startServer(deps: ServerDeps): Promise<RunningServer> {
  // The admin API over the network in clear text would hand the workspace to anyone who sees one request.
  if (deps.config.adminLan === true && deps.config.tls === undefined)
    throw new Error('the admin API is served to the LAN only over TLS');
  if (deps.config.proxyProtocol === true) checkProxyProtocol(deps.config);
  await purgeExpired(deps.store);
  const purgeTimer = setInterval(() => {
    purgeExpired(deps.store)
      .then(() => removeOrphans(deps.store))
      .catch((error: unknown) => deps.logger.error({ err: error }, 'sweeping expired outputs and orphans failed'));
  }, SWEEP_INTERVAL_MS);
  purgeTimer.unref();
  // One route choice for the virtual printers and the queue: a job of a virtual printer's pool fails over within it.
  const routes = createRouteChoice(deps.store, deps.printQueue?.driver, (job) => deps.pool.relayout(job), deps.logger);
  const printQueue = createPrintQueue(deps.store, {
    logger: deps.logger,
    failover: routes.failover,
    ...deps.printQueue,
  });
  // The first start makes the admin token; later starts find it.
  const session = adminSession(await loadOrCreateAdminToken(deps.store), deps.store.now);
  const redisUrl = deps.config.redisUrl;
  const redis = redisUrl === undefined ? undefined : await connectRedis(redisUrl, deps.logger);
  try {
    return await listenAndServe(deps, printQueue, routes, session, redis, purgeTimer);
  } catch (error) {
    clearInterval(purgeTimer);
    redis?.disconnect();
    throw error;
  }
}

async function listenAndServe(
  deps: ServerDeps,
  printQueue: PrintQueue,
  routes: RouteChoice,
  session: AdminSession,
  redis: Redis | undefined,
  purgeTimer: NodeJS.Timeout,
): Promise<RunningServer> {
  const handle = (await createApp(deps, printQueue, session, redis)).callback();
  let stopping = false;
  /** Responses not finished yet: those still to send their headers when shutdown starts are told to close their connection. */
  const unfinished = new Set<ServerResponse>();
  const server = createNodeServer(deps.config, (request, response) => {
    unfinished.add(response);
    response.once('close', () => {
      unfinished.delete(response);
      // server.close() closes only the connections idle at that moment. One whose answer went out during shutdown
      // would otherwise stay open until the client drops it (undici: 3 s; a client that keeps sending on it: never).
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    if (stopping) response.setHeader('Connection', 'close');
    void handle(request, response);
  });
  // Slow clients cannot hold a request open forever; renders themselves are bounded by the pool's time limit.
  server.requestTimeout = 60_000;
  // Idle keep-alive connections are kept well past clients' own idle timeouts (fetch: a few seconds): the client then
  // retires a connection first, instead of reusing one the server is closing at that moment ("other side closed").
  server.keepAliveTimeout = 30_000;
  watchConnections(server, {
    max: deps.config.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
    trustedProxies: deps.config.trustedProxies,
    proxyProtocol: deps.config.proxyProtocol,
    logger: deps.logger,
  });
  const address = await listen(server, deps.config.host, deps.config.port);
  // Jobs queued before a stop or a crash resume now.
  printQueue.start();
  const virtualPrinters = await startVirtualPrinters(
    {
      store: deps.store,
      quota: new QuotaGate(deps.store),
      queue: printQueue,
      pool: deps.pool,
      routes,
      logger: deps.logger,
      limits: deps.virtualPrinters?.limits,
    },
    { lanAccess: lanAccessEnabled(deps.config), rescanMs: deps.virtualPrinters?.rescanMs },
  );
  const hotFolders = await startHotFolders(
    { store: deps.store, quota: new QuotaGate(deps.store), queue: printQueue, pool: deps.pool, logger: deps.logger },
    deps.hotFolders,
  );
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `${deps.config.tls === undefined ? 'http' : 'https'}://${hostForUrl}:${address.port}`,
    port: address.port,
    openWindowSession: () => session.open({ idles: false }).cookie,
    close() {
      closing ??= (async () => {
        stopping = true;
        clearInterval(purgeTimer);
        // Answers still being worked on end their keep-alive connection, so the client does not send more on it.
        for (const response of unfinished) if (!response.headersSent) response.setHeader('Connection', 'close');
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // A render stuck in a worker cannot hold the stop: after the grace the workers are killed and its request answers 502.
        const grace = setTimeout(
          () => void deps.pool.close({ graceMs: 0 }),
          deps.config.shutdownGraceMs ?? SHUTDOWN_GRACE_MS,
        );
        await Promise.all([closed, virtualPrinters.close(), hotFolders.close()]);
        await Promise.all([deps.pool.close(), printQueue.stop()]);
        clearTimeout(grace);
        redis?.disconnect();
        await deps.store.close();
      })();
      return closing;
    },
  };
}
