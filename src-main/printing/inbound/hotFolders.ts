// Runs every team's enabled hot folders in the server: one watcher (hotFolder.ts) a configuration, following additions, changes and removals made meanwhile (in the editor, or by another node).
import type { Logger } from 'pino';
import { resolveLibraryImages } from '../../images/resolveLibraryImages';
import type { QuotaGate } from '../../server/admission/quotaGate';
import type { RenderPool } from '../../render/renderPool';
import type { Store } from '../../store/openStore';
import type { HotFolderRecord } from '../../store/queries/hotFolders';
import type { PrintQueue } from '../printQueue';
import { startHotFolder, type HotFolder } from './hotFolder';
import { hotFolderPath } from './hotFolderSetup';

/** How often the database is read again for hot folders added, changed or removed (and folders that can be used again). */
const DEFAULT_RESCAN_MS = 5000;

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

export interface HotFolders {
  /** The folders watched now, by configuration id. */
  watched(): Map<string, string>;
  /** Reads the database again now (tests; the timer does it every few seconds). */
  rescan(): Promise<void>;
  close(): Promise<void>;
}

/** A watcher stands for the configuration it was started with: a changed one gets a new watcher. */
const configOf = (hotFolder: HotFolderRecord): string =>
  JSON.stringify([hotFolder.folder, hotFolder.teamId, hotFolder.printerId, hotFolder.templateSlug]);

/** Why a configuration cannot be watched now (its folder, team or printer); the next rescan tries again. */
class NotWatchable extends Error {}

export async function startHotFolders(deps: HotFoldersDeps, options: HotFoldersOptions = {}): Promise<HotFolders> {
  const { store, logger } = deps;
  const watchers = new Map<string, { config: string; folder: string; watcher: HotFolder }>();
  /** Why a configuration is not watched, logged once per reason, not at every rescan. */
  const reported = new Map<string, string>();
  let closed = false;
  let scanning: Promise<void> = Promise.resolve();

  async function start(hotFolder: HotFolderRecord): Promise<HotFolder> {
    const folder = await hotFolderPath(hotFolder.folder);
    const team = await store.teams.get(hotFolder.teamId);
    const printer = await store.printers.get(hotFolder.printerId);
    if (team === undefined || printer === undefined || printer.teamId !== team.id)
      throw new NotWatchable('its printer was removed: choose another one');
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

  async function reconcile(): Promise<void> {
    const wanted = new Map((await store.hotFolders.listEnabled()).map((hotFolder) => [hotFolder.id, hotFolder]));
    for (const [id, running] of watchers) {
      const hotFolder = wanted.get(id);
      // A folder removed (or made read-only) meanwhile: stopped, so it is reported once rather than at every poll.
      const usable = await hotFolderPath(running.folder).then(
        () => true,
        () => false,
      );
      if (usable && hotFolder !== undefined && configOf(hotFolder) === running.config) continue;
      watchers.delete(id);
      await running.watcher.close();
      logger?.info({ folder: running.folder }, 'hot folder: stopped');
    }
    for (const hotFolder of wanted.values()) {
      if (closed || watchers.has(hotFolder.id)) continue;
      try {
        watchers.set(hotFolder.id, {
          config: configOf(hotFolder),
          folder: hotFolder.folder,
          watcher: await start(hotFolder),
        });
        reported.delete(hotFolder.id);
        logger?.info({ folder: hotFolder.folder }, 'hot folder: watching');
      } catch (error) {
        // A folder removed or made read-only, a printer removed: said once, tried again at each rescan, never a crash.
        const reason = error instanceof Error ? error.message : String(error);
        if (reported.get(hotFolder.id) === reason) continue;
        reported.set(hotFolder.id, reason);
        logger?.error({ folder: hotFolder.folder, reason }, 'hot folder: not watched');
      }
    }
  }

  const rescan = (): Promise<void> => (scanning = scanning.then(reconcile, reconcile));
  await rescan();
  const timer = setInterval(() => {
    rescan().catch((error: unknown) => logger?.error({ err: error }, 'reading the hot folders failed'));
  }, options.rescanMs ?? DEFAULT_RESCAN_MS);
  timer.unref();

  return {
    watched: () => new Map([...watchers].map(([id, running]) => [id, running.folder])),
    rescan,
    async close() {
      closed = true;
      clearInterval(timer);
      await scanning.catch(() => undefined);
      await Promise.all([...watchers.values()].map((running) => running.watcher.close()));
      watchers.clear();
    },
  };
}
