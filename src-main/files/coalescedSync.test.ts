import { describe, expect, it } from 'vitest';
import { coalescedSync } from './coalescedSync';

/** A sync whose runs finish when the test says so; `log` records when each run began and ended, and what callers saw. */
function controlledSync() {
  const log: string[] = [];
  const finishers: ((error?: Error) => void)[] = [];
  let runs = 0;
  const sync = () => {
    const run = ++runs;
    log.push(`begin ${run}`);
    return new Promise<void>((resolve, reject) => {
      finishers.push((error) => {
        log.push(`end ${run}`);
        if (error) reject(error);
        else resolve();
      });
    });
  };
  const finish = async (error?: Error) => {
    finishers.shift()?.(error);
    // Let the callers' continuations run.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { log, sync, finish, runs: () => runs };
}

describe('coalescedSync', () => {
  it('gives a caller a run that begins after it asked, and one run to everyone who asked meanwhile', async () => {
    const { log, sync, finish, runs } = controlledSync();
    const shared = coalescedSync(sync);
    const first = shared().then(() => log.push('first done'));
    // Asked while run 1 is under way: they wait for run 2, which they share.
    const second = shared().then(() => log.push('second done'));
    const third = shared().then(() => log.push('third done'));
    expect(runs()).toBe(1);
    await finish();
    expect(log).toEqual(['begin 1', 'end 1', 'first done', 'begin 2']);
    await finish();
    await Promise.all([first, second, third]);
    expect(log).toEqual(['begin 1', 'end 1', 'first done', 'begin 2', 'end 2', 'second done', 'third done']);
    expect(runs()).toBe(2);
  });

  it('starts afresh when idle, and passes a failed run to its own callers only', async () => {
    const { sync, finish, runs } = controlledSync();
    const shared = coalescedSync(sync);
    const failing = shared();
    const waiting = shared();
    await finish(new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    await finish();
    await expect(waiting).resolves.toBeUndefined();
    const later = shared();
    expect(runs()).toBe(3);
    await finish();
    await expect(later).resolves.toBeUndefined();
  });
});
