import { describe, expect, it } from 'vitest';
import { STORE_DIALECTS, tempDataDir, testStoreOpener } from '../../test/support/store/storeTestSupport';

describe.each(STORE_DIALECTS)('group commit on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('commits the writes queued during a commit together, answers each after its commit, and undoes a failing one alone', async () => {
    const dir = tempDataDir();
    const store = await openTestStore(dir);
    // Another connection to the same database: what it reads is committed.
    const reader = await openTestStore(dir);
    const transactions = new Set<unknown>();
    const committedAtAnswer: boolean[] = [];
    const writes = Array.from({ length: 10 }, (_, index) =>
      store
        .groupCommit(async (trx) => {
          transactions.add(trx);
          const team = await trx.teams.create({ name: `Team ${index}`, plan: 'pro' });
          if (index === 4) throw new Error('member 4 refuses');
          return team;
        })
        .then(async (team) => committedAtAnswer.push((await reader.teams.get(team.id)) !== undefined)),
    );
    const outcomes = await Promise.allSettled(writes);

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(outcomes[4]).toMatchObject({ reason: new Error('member 4 refuses') });
    expect(committedAtAnswer).toEqual(Array.from({ length: 9 }, () => true));
    // The first went alone (nothing was committing); the nine queued behind it shared the next transaction.
    expect(transactions.size).toBe(2);
    expect(store.groupCommitStats()).toEqual({ commits: 2, members: 10 });
    expect((await reader.teams.list()).map((team) => team.name).sort()).toEqual([
      'Team 0',
      'Team 1',
      'Team 2',
      'Team 3',
      'Team 5',
      'Team 6',
      'Team 7',
      'Team 8',
      'Team 9',
    ]);
  });

  it('runs inside the transaction it is called in', async () => {
    const store = await openTestStore();
    await expect(
      store.transaction(async (trx) => {
        await trx.groupCommit((inner) => inner.teams.create({ name: 'Inside', plan: 'pro' }));
        throw new Error('the outer transaction rolls back');
      }),
    ).rejects.toThrow('the outer transaction rolls back');
    expect(await store.teams.list()).toEqual([]);
  });
});
