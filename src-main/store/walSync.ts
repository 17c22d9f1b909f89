// Group sync of SQLite's write-ahead log: commits return without syncing, and one fdatasync off the event loop makes every commit before it durable.
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Syncs made since the store opened, and the durable() calls they answered: how many commits share a sync. */
export interface SyncStats {
  syncs: number;
  waiters: number;
}

/**
 * better-sqlite3 runs on the event loop, so with `synchronous = FULL` every commit blocked the server for its fsync
 * (0.3 ms on a quiet disk, 2–4 ms under load) and no other request could commit meanwhile to share it. The store's
 * connection commits with `synchronous = NORMAL` instead (the log is written, not synced; SQLite still syncs around
 * checkpoints), and a writer that must be durable before it answers calls durable(): it resolves once an fdatasync of
 * the log file that started after the call has finished. That sync runs on libuv's thread pool; the commits made
 * while it runs wait for the next one together, which is what makes a group commit group.
 */
export class WalSync {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private handle: Promise<FileHandle> | undefined;
  private readonly counts: SyncStats = { syncs: 0, waiters: 0 };

  /**
   * walPath: the database's `-wal` file. syncFile: the sync itself (default: fdatasync of that file, after a one-time
   * fsync of its folder, as SQLite does for a log it created); tests pass their own to see the order of events.
   */
  constructor(
    private readonly walPath: string,
    private readonly syncFile: () => Promise<void> = () => this.datasync(),
  ) {}

  /** Resolves when everything committed before this call is on disk. */
  durable(): Promise<void> {
    this.counts.waiters++;
    // A sync already running may have started before the caller's commit: it waits for the next, which every caller
    // arriving meanwhile shares.
    if (this.queued !== undefined) return this.queued;
    if (this.running === undefined) return this.start();
    const queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    this.queued = queued;
    return queued;
  }

  stats(): SyncStats {
    return { ...this.counts };
  }

  /** Closes the log file (the database's close syncs what is left). */
  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await (await handle.catch(() => undefined))?.close();
  }

  private start(): Promise<void> {
    this.counts.syncs++;
    const sync = this.syncFile().finally(() => {
      if (this.running === sync) this.running = undefined;
    });
    this.running = sync;
    return sync;
  }

  private async datasync(): Promise<void> {
    this.handle ??= openLog(this.walPath);
    let handle: FileHandle;
    try {
      handle = await this.handle;
    } catch (error) {
      this.handle = undefined;
      throw error;
    }
    await handle.datasync();
  }
}

/** The log file, opened once; its folder synced once, so the log's name survives a power cut as its frames do. */
async function openLog(walPath: string): Promise<FileHandle> {
  const handle = await open(walPath, 'r+');
  try {
    const folder = await open(dirname(walPath), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
