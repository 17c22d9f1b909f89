// /api/hot-folders: the folders the server watches for the workspace team (folder, printer, template, enabled): list with each one's problem, add, edit, remove.
import { isAbsolute } from 'node:path';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { ConflictError, LocalOnlyError, NotFoundError } from '@shared/api/apiErrors';
import type { EditorHotFolder } from '@shared/api/editorPrinters';
import { AppError, BadRequestError } from '@shared/errors';
import { hotFolderPath } from '../../../printing/inbound/hotFolderSetup';
import type { StoreScope } from '../../../store/openStore';
import type { HotFolderRecord } from '../../../store/queries/hotFolders';
import { isLoopbackClient } from '../../clientAddress';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';
import type { ServerConfig } from '../../serverConfig';

const hotFolderBodySchema = z.object({
  folder: z.string().refine(isAbsolute, { message: 'must be the folder’s absolute path, e.g. /srv/labels/inbox' }),
  printerId: z.string().min(1),
  templateSlug: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .default(null)
    .transform((slug) => (slug === '' ? null : slug)),
  enabled: z.boolean().default(true),
});
type HotFolderBody = z.output<typeof hotFolderBodySchema>;

/** A body field the workspace has nothing of: 400 naming it, in the shape parseRequestBody gives. */
function unknownField(path: string, message: string): BadRequestError {
  return new BadRequestError(`${path}: ${message}`, { errors: [{ path, message }] });
}

/** Why the server cannot watch it now: its folder (gone, not writable) or its printer (removed); null when it can. */
async function problemOf(store: StoreScope, teamId: string, hotFolder: HotFolderRecord) {
  const printer = await store.printers.get(hotFolder.printerId);
  if (printer?.teamId !== teamId)
    return { code: 'PRINTER_NOT_FOUND', message: 'its printer was removed: choose another one' };
  try {
    await hotFolderPath(hotFolder.folder);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.message };
  }
}

async function hotFolderView(store: StoreScope, teamId: string, hotFolder: HotFolderRecord): Promise<EditorHotFolder> {
  const printer = await store.printers.get(hotFolder.printerId);
  return {
    id: hotFolder.id,
    folder: hotFolder.folder,
    printerId: hotFolder.printerId,
    printer: printer?.teamId === teamId ? printer.name : null,
    templateSlug: hotFolder.templateSlug,
    enabled: hotFolder.enabled,
    problem: await problemOf(store, teamId, hotFolder),
  };
}

/** The team's hot folder, or 404 (another team's is as unknown as none). */
async function teamHotFolder(store: StoreScope, teamId: string, id: string): Promise<HotFolderRecord> {
  const hotFolder = await store.hotFolders.get(id);
  if (hotFolder?.teamId !== teamId) throw new NotFoundError(`hot folder "${id}" was not found`);
  return hotFolder;
}

/**
 * The body checked against the workspace and the disk: the folder's real path (FOLDER_NOT_FOUND,
 * FOLDER_NOT_WRITABLE), the team's printer and template, one configuration a folder (CONFLICT).
 */
async function checkedHotFolder(trx: StoreScope, teamId: string, body: HotFolderBody, exceptId: string | null) {
  const folder = await hotFolderPath(body.folder);
  const printer = await trx.printers.get(body.printerId);
  if (printer?.teamId !== teamId)
    throw unknownField('printerId', `the workspace has no printer ${JSON.stringify(body.printerId)}`);
  if (
    body.templateSlug !== null &&
    (await trx.templates.resolve(teamId, body.templateSlug, { publishedOnly: false })) === undefined
  )
    throw unknownField('templateSlug', `the workspace has no template ${JSON.stringify(body.templateSlug)}`);
  const taken = await trx.hotFolders.ofFolder(folder);
  if (taken !== undefined && taken.id !== exceptId)
    throw new ConflictError(`folder: ${JSON.stringify(folder)} is already a hot folder; edit that one`);
  return { teamId, folder, printerId: printer.id, templateSlug: body.templateSlug, enabled: body.enabled };
}

/**
 * Which folders the server reads and moves files in is decided at the machine running it (as the host names it
 * answers to): from elsewhere, the list is shown and a folder may be switched off or removed, not added or pointed
 * elsewhere. The server starts and stops watchers within seconds of a change (startHotFolders).
 */
export function registerHotFoldersRoutes(
  router: Router,
  store: StoreScope,
  config: ServerConfig,
  teamId: string,
): void {
  const refuseRemote = (ctx: Context) => {
    if (!isLoopbackClient(ctx.req, config.trustedProxies))
      throw new LocalOnlyError(
        'hot folders can be added or changed only on the machine running Labelsmith (its editor, or `labelsmith watch`)',
      );
  };

  router.get('/api/hot-folders', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const hotFolders = await store.hotFolders.list(teamId);
    ctx.body = {
      hotFolders: await Promise.all(hotFolders.map((hotFolder) => hotFolderView(store, teamId, hotFolder))),
    };
  });

  router.post('/api/hot-folders', jsonBody(), async (ctx) => {
    const body = parseRequestBody(hotFolderBodySchema, ctx.request.body);
    refuseRemote(ctx);
    const created = await store.transaction(async (trx) =>
      trx.hotFolders.create(await checkedHotFolder(trx, teamId, body, null)),
    );
    ctx.status = 201;
    ctx.body = await hotFolderView(store, teamId, created);
  });

  // An edit sends the whole hot folder, as add does; switching one off (or on again) keeps its folder and printer.
  router.put('/api/hot-folders/:id', jsonBody(), async (ctx) => {
    const id = ctx.params.id ?? '';
    const body = parseRequestBody(hotFolderBodySchema, ctx.request.body);
    const updated = await store.transaction(async (trx) => {
      const current = await teamHotFolder(trx, teamId, id);
      const onlySwitchedOff =
        !body.enabled &&
        body.folder === current.folder &&
        body.printerId === current.printerId &&
        body.templateSlug === current.templateSlug;
      // Not checked again: a folder that is gone, or whose printer was removed, can still be switched off.
      if (onlySwitchedOff) return trx.hotFolders.update(id, { ...current, enabled: false });
      refuseRemote(ctx);
      return trx.hotFolders.update(id, await checkedHotFolder(trx, teamId, body, id));
    });
    if (updated === undefined) throw new NotFoundError(`hot folder "${id}" was not found`);
    ctx.body = await hotFolderView(store, teamId, updated);
  });

  router.delete('/api/hot-folders/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    const removed = await store.transaction(async (trx) => {
      const hotFolder = await teamHotFolder(trx, teamId, id);
      await trx.hotFolders.remove(id);
      return hotFolder;
    });
    ctx.body = await hotFolderView(store, teamId, removed);
  });
}
