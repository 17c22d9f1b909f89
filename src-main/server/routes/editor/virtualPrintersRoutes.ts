// /api/virtual-printers: the workspace team's virtual printers (ports that take ZPL from old systems): list, add, edit, remove, with the CLI's checks.
import type Router from '@koa/router';
import { z } from 'zod';
import { NotFoundError } from '@shared/api/apiErrors';
import type { EditorVirtualPrinter } from '@shared/api/editorPrinters';
import { API_FIELD_NAMES, checkVirtualPrinterSetup } from '../../../printing/inbound/virtualPrinterSetup';
import { describeAddress } from '../../../printing/rawTcpPrinter';
import type { StoreScope } from '../../../store/openStore';
import { VIRTUAL_PRINTER_POOLS, type VirtualPrinterRecord } from '../../../store/queries/virtualPrinterFields';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';
import { lanAccessEnabled, type ServerConfig } from '../../serverConfig';

/** The shapes only: what the values mean is checked by checkVirtualPrinterSetup, as for `printer add --kind virtual`. */
const virtualPrinterBodySchema = z.object({
  name: z.string(),
  listen: z.string(),
  routes: z.array(z.string()),
  pool: z.enum(VIRTUAL_PRINTER_POOLS).optional(),
  allowedClients: z.array(z.string()).optional(),
  dpi: z.number().int().nullable().optional(),
});

/** The virtual printers as the Printers page shows them, their routes by the printers' names too. */
async function virtualPrinterViews(
  store: StoreScope,
  teamId: string,
  virtuals: readonly VirtualPrinterRecord[],
): Promise<EditorVirtualPrinter[]> {
  const names = new Map((await store.printers.list(teamId)).map((printer) => [printer.id, printer.name]));
  return virtuals.map((virtual) => ({
    id: virtual.id,
    name: virtual.name,
    listen: describeAddress({ host: virtual.listenHost, port: virtual.listenPort }),
    routes: virtual.routes.map((route) => names.get(route) ?? route),
    routeIds: virtual.routes,
    pool: virtual.pool,
    allowedClients: virtual.allowedClients,
    dpi: virtual.dpi,
  }));
}

async function oneView(store: StoreScope, teamId: string, virtual: VirtualPrinterRecord) {
  return (await virtualPrinterViews(store, teamId, [virtual]))[0];
}

/** The team's virtual printer, or 404 (another team's is as unknown as none). */
async function teamVirtualPrinter(store: StoreScope, teamId: string, id: string): Promise<VirtualPrinterRecord> {
  const virtual = await store.virtualPrinters.get(id);
  if (virtual === undefined || virtual.teamId !== teamId)
    throw new NotFoundError(`virtual printer "${id}" was not found`);
  return virtual;
}

/**
 * Running servers (this one, and others on a shared database) follow additions, changes and removals within seconds,
 * as they do the CLI's. A port beyond loopback needs LAN access, running or switched on for the next start.
 */
export function registerVirtualPrintersRoutes(
  router: Router,
  store: StoreScope,
  config: ServerConfig,
  teamId: string,
): void {
  const lanAccess = async () => lanAccessEnabled(config) || (await store.settings.get('lanAccess')) === true;

  router.get('/api/virtual-printers', async (ctx) => {
    ctx.body = { virtualPrinters: await virtualPrinterViews(store, teamId, await store.virtualPrinters.list(teamId)) };
  });

  router.post('/api/virtual-printers', jsonBody(), async (ctx) => {
    const body = parseRequestBody(virtualPrinterBodySchema, ctx.request.body);
    const check = { teamId, names: API_FIELD_NAMES, lanAccess: await lanAccess() };
    const created = await store.transaction(async (trx) =>
      trx.virtualPrinters.create(await checkVirtualPrinterSetup(trx, body, check)),
    );
    ctx.status = 201;
    ctx.body = await oneView(store, teamId, created);
  });

  // An edit sends the whole virtual printer, as add does.
  router.put('/api/virtual-printers/:id', jsonBody(), async (ctx) => {
    const id = ctx.params.id ?? '';
    const body = parseRequestBody(virtualPrinterBodySchema, ctx.request.body);
    const check = { teamId, exceptId: id, names: API_FIELD_NAMES, lanAccess: await lanAccess() };
    const updated = await store.transaction(async (trx) => {
      await teamVirtualPrinter(trx, teamId, id);
      return trx.virtualPrinters.update(id, await checkVirtualPrinterSetup(trx, body, check));
    });
    if (updated === undefined) throw new NotFoundError(`virtual printer "${id}" was not found`);
    ctx.body = await oneView(store, teamId, updated);
  });

  router.delete('/api/virtual-printers/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    const removed = await store.transaction(async (trx) => {
      const virtual = await teamVirtualPrinter(trx, teamId, id);
      await trx.virtualPrinters.remove(id);
      return virtual;
    });
    ctx.body = await oneView(store, teamId, removed);
  });
}
