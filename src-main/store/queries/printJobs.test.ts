import { describe, expect, it } from 'vitest';
import { FINISHED_PRINT_JOB_RETENTION_MS, purgeExpired } from '../purgeExpired';
import { tempDataDir, testClock, STORE_DIALECTS, testStoreOpener } from '../../../test/support/store/storeTestSupport';
import type { NewPrintJob } from './printJobs';

const A = { token: 'queue-a', pid: 101, host: 'here' };
const B = { token: 'queue-b', pid: 202, host: 'here' };

async function setUp(openTestStore: ReturnType<typeof testStoreOpener>) {
  const dataDir = tempDataDir();
  const clock = testClock();
  const store = await openTestStore(dataDir, { now: clock.now });
  const team = await store.teams.create({ name: 'Acme', plan: 'pro' });
  let next = 0;
  const job = (printerId: string): NewPrintJob => {
    next += 1;
    return {
      id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
      teamId: team.id,
      apiKeyId: null,
      mode: 'live',
      printerId,
      format: 'zpl',
      labelCount: 10,
      copies: 2,
      warnings: [],
    };
  };
  return { dataDir, clock, store, team, job };
}

describe.each(STORE_DIALECTS)('print job queries on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('create queued jobs and keep them, with their progress, across a reopen', async () => {
    const { dataDir, store, team, job } = await setUp(openTestStore);
    const created = await store.printJobs.create({
      ...job('p1'),
      warnings: [{ code: 'TEXT_TRUNCATED', message: 'cut', elementId: 'title', record: 3 }],
    });
    expect(created).toMatchObject({
      status: 'queued',
      labelCount: 10,
      copies: 2,
      labelsSent: 0,
      attempts: 0,
      claim: null,
      error: null,
      lastError: null,
      createdAt: Date.parse('2025-06-15T12:00:00Z'),
    });
    expect(await store.printJobs.claim(created.id, null, A, 5)).toBe(true);
    expect(await store.printJobs.markSending(created.id, A.token)).toBe(true);
    expect(await store.printJobs.recordProgress(created.id, A.token, 8)).toBe(true);
    await store.close();
    const reopened = await openTestStore(dataDir);
    expect(await reopened.printJobs.get(created.id)).toMatchObject({
      status: 'sending',
      labelsSent: 8,
      claim: { ...A, heartbeatAt: 5 },
      warnings: [{ code: 'TEXT_TRUNCATED', record: 3 }],
    });
    expect((await reopened.printJobs.getForTeam(team.id, created.id))?.id).toBe(created.id);
    expect(await reopened.printJobs.getForTeam('another team', created.id)).toBeUndefined();
  });

  it('give each printer its oldest pending job as its head', async () => {
    const { store, job } = await setUp(openTestStore);
    const [first, second, third] = [
      await store.printJobs.create(job('p1')),
      await store.printJobs.create(job('p1')),
      await store.printJobs.create(job('p2')),
    ];
    expect((await store.printJobs.heads()).map((head) => head.id)).toEqual([first.id, third.id]);
    await store.printJobs.claim(first.id, null, A, 1);
    await store.printJobs.finish(first.id, A.token, {
      status: 'failed',
      error: { code: 'PAPER_OUT', message: 'paper out' },
      delivered: false,
    });
    expect((await store.printJobs.heads()).map((head) => head.id)).toEqual([second.id, third.id]);
    expect(await store.printJobs.get(first.id)).toMatchObject({
      status: 'failed',
      error: { code: 'PAPER_OUT', message: 'paper out' },
      claim: null,
    });
  });

  it('move a claimed job to another printer, its progress kept: it heads that printer’s jobs in its place', async () => {
    const { store, job } = await setUp(openTestStore);
    const [moving, later] = [await store.printJobs.create(job('p1')), await store.printJobs.create(job('p2'))];
    await store.printJobs.claim(moving.id, null, A, 1);
    await store.printJobs.markSending(moving.id, A.token);
    await store.printJobs.recordProgress(moving.id, A.token, 4);
    const error = { code: 'PRINTER_INTERRUPTED', message: 'cut off' };
    const warning = { code: 'PRINTER_FAILOVER', message: 'went on at p2' };
    const move = { printerId: 'p2', warning, error, delivered: true };
    expect(await store.printJobs.moveToPrinter(moving.id, B.token, move)).toBe(false);
    expect(await store.printJobs.moveToPrinter(moving.id, A.token, move)).toBe(true);
    expect(await store.printJobs.get(moving.id)).toMatchObject({
      printerId: 'p2',
      labelsSent: 4,
      attempts: 0,
      maybePrinted: true,
      lastError: error,
      warnings: [warning],
      claim: A,
    });
    expect((await store.printJobs.heads()).map((head) => head.id)).toEqual([moving.id]);
    expect(later.printerId).toBe('p2');
  });

  it('are forgotten by the sweep once they ended 90 days ago; pending jobs stay however old', async () => {
    const { clock, store, job } = await setUp(openTestStore);
    const [done, failed, queued, sending] = (await Promise.all(
      ['p1', 'p1', 'p2', 'p3'].map(async (printer) => (await store.printJobs.create(job(printer))).id),
    )) as [string, string, string, string];
    for (const ended of [done, failed]) await store.printJobs.claim(ended, null, A, 1);
    await store.printJobs.finish(done, A.token, { status: 'done' });
    clock.advance(1000);
    await store.printJobs.finish(failed, A.token, {
      status: 'failed',
      error: { code: 'PAPER_OUT', message: 'paper out' },
      delivered: false,
    });
    await store.printJobs.claim(sending, null, B, 1);
    await store.printJobs.markSending(sending, B.token);

    clock.advance(FINISHED_PRINT_JOB_RETENTION_MS - 1000);
    expect((await purgeExpired(store)).printJobs).toBe(0);
    clock.advance(1);
    expect((await purgeExpired(store)).printJobs).toBe(1);
    expect(await store.printJobs.get(done)).toBeUndefined();
    expect((await store.printJobs.get(failed))?.status).toBe('failed');
    clock.advance(1000);
    expect((await purgeExpired(store)).printJobs).toBe(1);
    expect(await store.printJobs.get(failed)).toBeUndefined();
    clock.advance(10 * FINISHED_PRINT_JOB_RETENTION_MS);
    expect((await purgeExpired(store)).printJobs).toBe(0);
    expect([(await store.printJobs.get(queued))?.status, (await store.printJobs.get(sending))?.status]).toEqual([
      'queued',
      'sending',
    ]);
  });

  it('let one claimant win, and refuse every write of a queue that lost its claim', async () => {
    const { store, job } = await setUp(openTestStore);
    const created = await store.printJobs.create(job('p1'));
    expect(await store.printJobs.claim(created.id, null, A, 1)).toBe(true);
    // B read the job while it was unclaimed: its compare-and-set fails.
    expect(await store.printJobs.claim(created.id, null, B, 2)).toBe(false);
    // B found A's claim abandoned: it takes the job over, and A's writes no longer land.
    expect(await store.printJobs.claim(created.id, A.token, B, 3)).toBe(true);
    expect(await store.printJobs.markSending(created.id, A.token)).toBe(false);
    expect(await store.printJobs.recordProgress(created.id, A.token, 10)).toBe(false);
    expect(
      await store.printJobs.recordFailedAttempt(created.id, A.token, {
        attempts: 1,
        nextAttemptAt: 9,
        error: { code: 'X', message: 'x' },
        delivered: false,
      }),
    ).toBe(false);
    expect(await store.printJobs.finish(created.id, A.token, { status: 'done' })).toBe(false);
    expect(await store.printJobs.get(created.id)).toMatchObject({
      status: 'queued',
      labelsSent: 0,
      claim: { token: B.token },
    });
  });

  it('refresh and release only the owner’s pending claims', async () => {
    const { store, job } = await setUp(openTestStore);
    const [mine, theirs] = [
      await store.printJobs.create(job('p1'), A, 1),
      await store.printJobs.create(job('p2'), B, 1),
    ];
    expect(await store.printJobs.heartbeat(A.token, 50)).toBe(1);
    expect((await store.printJobs.get(mine.id))?.claim?.heartbeatAt).toBe(50);
    expect(await store.printJobs.release(A.token)).toBe(1);
    expect((await store.printJobs.get(mine.id))?.claim).toBeNull();
    expect((await store.printJobs.get(theirs.id))?.claim).toEqual({ ...B, heartbeatAt: 1 });
  });

  it('refuse progress past the job’s labels', async () => {
    const { store, job } = await setUp(openTestStore);
    const created = await store.printJobs.create(job('p1'), A);
    await expect(store.printJobs.recordProgress(created.id, A.token, 21)).rejects.toThrow(/check constraint/i);
  });
});
