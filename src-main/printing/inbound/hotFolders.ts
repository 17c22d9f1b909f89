// Runs every team's enabled hot folders in the server: one watcher (hotFolder.ts) a configuration, following additions, changes and removals made meanwhile (in the editor, or by another node).
import type { Logger } from 'pino';
import { resolveLibraryImages } from '../../images/resolveLibraryImages';
import type { QuotaGate } from '../../server/admission/quotaGate';
import type { RenderPool } from '../../render/renderPool';
import type { Store } from '../../store/openStore';
import type { HotFolderRecord } from '../../store/queries/hotFolders';
import type { PrintQueue } from '../printQueue';
import { startHotFolder, type HotFolder } from './hotFolder';
import { startConfiguredServices, type ConfiguredServices } from './configuredServices';
import { hotFolderPath } from './hotFolderSetup';

export interface HotFoldersDeps {
  store: Store;
  pool: Pick<RenderPool, 'render'>;
  quota: QuotaGate;
  queue: Pick<PrintQueue, 'wake'>;
  logger?: Logger;
}

export interface HotFoldersOptions {
  rescanMs?: number;
  /** The watchers' own timings (hotFolder.ts's defaults when left out). */
  stableMs?: number;
  pollMs?: number;
}

/** A watcher stands for the configuration it was started with: a changed one gets a new watcher. */
const configOf = (hotFolder: HotFolderRecord): string =>
  JSON.stringify([hotFolder.folder, hotFolder.teamId, hotFolder.printerId, hotFolder.templateSlug]);

export function startHotFolders(deps: HotFoldersDeps, options: HotFoldersOptions = {}): Promise<ConfiguredServices> {
  const { store, logger } = deps;

  async function start(hotFolder: HotFolderRecord): Promise<HotFolder> {
    const folder = await hotFolderPath(hotFolder.folder);
    const team = await store.teams.get(hotFolder.teamId);
    const printer = await store.printers.get(hotFolder.printerId);
    if (team === undefined || printer === undefined || printer.teamId !== team.id)
      throw new Error('its printer was removed: choose another one');
    return startHotFolder(
      {
        store,
        quota: deps.quota,
        queue: deps.queue,
        logger,
        render: async (job) =>
          deps.pool.render({
            ...job,
            team: team.id,
            template: await resolveLibraryImages(store, team.id, job.template),
          }),
      },
      { folder, team, printer, templateSlug: hotFolder.templateSlug ?? undefined, ...options },
    );
  }

  return startConfiguredServices({
    what: 'hot folder',
    list: () => store.hotFolders.listEnabled(),
    configOf,
    start: async (hotFolder) => ({ folder: hotFolder.folder, watcher: await start(hotFolder) }),
    stop: (running) => running.watcher.close(),
    // A folder removed (or made read-only) meanwhile: stopped, so it is reported once rather than at every poll.
    usable: (running) =>
      hotFolderPath(running.folder).then(
        () => true,
        () => false,
      ),
    describe: (hotFolder) => ({ folder: hotFolder.folder }),
    logger,
    rescanMs: options.rescanMs,
  });
}
