import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WalSync } from './walSync';

/** A sync the test finishes by hand, recording when each one started relative to the callers. */
function manualSyncs() {
  const events: string[] = [];
  const pending: { finish: () => void; fail: (error: Error) => void }[] = [];
  const syncFile = () =>
    new Promise<void>((resolve, reject) => {
      events.push(`sync ${pending.length + 1} starts`);
      pending.push({ finish: resolve, fail: reject });
    });
  return { events, pending, syncFile };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('WalSync', () => {
  it('answers a caller only with a sync that started after its call, and lets the callers that came during one share the next', async () => {
    const { events, pending, syncFile } = manualSyncs();
    const walSync = new WalSync('unused', syncFile);
    const first = walSync.durable().then(() => events.push('first durable'));
    const second = walSync.durable().then(() => events.push('second durable'));
    const third = walSync.durable().then(() => events.push('third durable'));
    await turn();
    expect(events).toEqual(['sync 1 starts']);
    pending[0]!.finish();
    await first;
    await turn();
    // The second and third called while sync 1 ran (it may have missed their commits): they wait for sync 2.
    expect(events).toEqual(['sync 1 starts', 'first durable', 'sync 2 starts']);
    pending[1]!.finish();
    await Promise.all([second, third]);
    expect(events.slice(3)).toEqual(['second durable', 'third durable']);
    expect(walSync.stats()).toEqual({ syncs: 2, waiters: 3 });
  });

  it('rejects the callers of a failed sync and syncs again for the next caller', async () => {
    const { pending, syncFile } = manualSyncs();
    const walSync = new WalSync('unused', syncFile);
    const failed = walSync.durable();
    const next = walSync.durable();
    pending[0]!.fail(new Error('EIO'));
    await expect(failed).rejects.toThrow('EIO');
    await turn();
    pending[1]!.finish();
    await expect(next).resolves.toBeUndefined();
  });

  it('syncs a real log file and fails clearly when it is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'walsync-'));
    const log = join(dir, 'labelsmith.db-wal');
    writeFileSync(log, 'frames');
    const walSync = new WalSync(log);
    await walSync.durable();
    await walSync.durable();
    expect(walSync.stats()).toEqual({ syncs: 2, waiters: 2 });
    await walSync.close();
    await expect(new WalSync(join(dir, 'missing-wal')).durable()).rejects.toThrow(/ENOENT/);
  });
});
