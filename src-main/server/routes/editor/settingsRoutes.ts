// /api/settings: the server's address, the LAN access switch and the keyless ZPL viewer, stored for the next start of `labelsmith serve`.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { LocalOnlyError } from '@shared/api/apiErrors';
import { settingsBodySchema, type EditorSettings } from '@shared/api/editorApi';
import type { StoreScope } from '../../../store/openStore';
import { isLoopbackClient } from '../../clientAddress';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';
import { lanAccessEnabled, type ServerConfig } from '../../serverConfig';

/** The port the request came in on: the configured one may be 0 (any free port). */
export function listeningPort(ctx: Context, config: ServerConfig): number {
  return ctx.req.socket.localPort ?? config.port;
}

async function storedAllowedHostnames(store: StoreScope, config: ServerConfig): Promise<string[]> {
  return (await store.settings.get('allowedHostnames')) ?? config.allowedHostnames;
}

async function settingsView(store: StoreScope, config: ServerConfig, port: number): Promise<EditorSettings> {
  const runningLanAccess = lanAccessEnabled(config);
  const lanAccess = (await store.settings.get('lanAccess')) ?? runningLanAccess;
  const allowedHostnames = await storedAllowedHostnames(store, config);
  const running = new Set(config.allowedHostnames);
  // A stored name the server does not accept yet needs a restart; --allow-host names may add to the stored ones.
  const runningViewerWithoutKey = config.viewerWithoutKey === true;
  const viewerWithoutKey = (await store.settings.get('viewerWithoutKey')) ?? runningViewerWithoutKey;
  const restartRequired =
    lanAccess !== runningLanAccess ||
    viewerWithoutKey !== runningViewerWithoutKey ||
    allowedHostnames.some((name) => !running.has(name));
  return { host: config.host, port, lanAccess, allowedHostnames, viewerWithoutKey, restartRequired };
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((name) => right.has(name));
}

export function registerSettingsRoutes(router: Router, store: StoreScope, config: ServerConfig): void {
  router.get('/api/settings', async (ctx) => {
    ctx.body = await settingsView(store, config, listeningPort(ctx, config));
  });

  router.put('/api/settings', jsonBody(), async (ctx) => {
    const { lanAccess, allowedHostnames, viewerWithoutKey } = parseRequestBody(settingsBodySchema, ctx.request.body);
    // The names a server answers to are its defence against DNS rebinding: only someone at this machine widens them.
    // The same list sent back (as a settings form does) is no change.
    if (
      allowedHostnames !== undefined &&
      !isLoopbackClient(ctx.req, config.trustedProxies) &&
      !sameNames(allowedHostnames, await storedAllowedHostnames(store, config))
    ) {
      throw new LocalOnlyError(
        'the allowed host names can be changed only on the machine running Labelsmith (its editor, or `labelsmith serve --allow-host`)',
      );
    }
    // Answering without a key widens who may render: only someone at this machine turns it on.
    if (
      viewerWithoutKey === true &&
      !isLoopbackClient(ctx.req, config.trustedProxies) &&
      (await store.settings.get('viewerWithoutKey')) !== true
    ) {
      throw new LocalOnlyError(
        'the ZPL viewer without a key can be turned on only on the machine running Labelsmith (its editor, or `labelsmith serve --viewer-without-key`)',
      );
    }
    await store.transaction(async (trx) => {
      await trx.settings.set('lanAccess', lanAccess);
      if (allowedHostnames !== undefined) await trx.settings.set('allowedHostnames', [...new Set(allowedHostnames)]);
      if (viewerWithoutKey !== undefined) await trx.settings.set('viewerWithoutKey', viewerWithoutKey);
    });
    ctx.body = await settingsView(store, config, listeningPort(ctx, config));
  });
}
