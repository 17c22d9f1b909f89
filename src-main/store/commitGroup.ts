// Group commit: the writes queued while one commit is on its way to disk share the next transaction and its one sync.
import { CompiledQuery } from 'kysely';
import type { Executor } from './schema';
import { runQuery } from './sqliteDialect';

/**
 * Most members one transaction takes: a transaction holds SQLite's write lock (and the connection) while its members
 * run, and 64 renders' rows take a few milliseconds to write, about one sync's time.
 */
const MAX_GROUP_MEMBERS = 64;

type Outcome = { value: unknown } | { error: unknown };

interface Member<S> {
  work: (scope: S) => Promise<unknown>;
  settle: (outcome: Outcome) => void;
}

/**
 * Runs each member's work in a transaction shared with the members queued meanwhile. A member that arrives while no
 * commit is on its way starts one at once (no waiting at low load); those that arrive during it go together into the
 * next. Each member's promise settles only after the transaction holding its writes committed, so an answer given on
 * it survives a crash as one from its own transaction would. A member whose work fails rolls back to its savepoint:
 * the others' writes commit, and it rejects with its own error. A failed commit rejects every member in it.
 */
export class CommitGroup<S extends { db: Executor }> {
  private readonly queued: Member<S>[] = [];
  private committing = false;
  /** Transactions committed and the members they held, since the store opened: how well groups form under load. */
  private readonly counts = { commits: 0, members: 0 };

  /** transaction: runs a function in one transaction of the store, with the scope bound to it. */
  constructor(private readonly transaction: <T>(fn: (scope: S) => Promise<T>) => Promise<T>) {}

  run<T>(work: (scope: S) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queued.push({
        work,
        settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.value as T)),
      });
      void this.commitNext();
    });
  }

  /** Commits made and the members they held so far (a copy). */
  stats(): { commits: number; members: number } {
    return { ...this.counts };
  }

  private async commitNext(): Promise<void> {
    if (this.committing || this.queued.length === 0) return;
    this.committing = true;
    const members = this.queued.splice(0, MAX_GROUP_MEMBERS);
    try {
      const settled = await this.transaction(async (scope) => {
        // A member alone needs no savepoint: its failure rolls the whole transaction back, which is its own.
        const only = members.length === 1 ? members[0] : undefined;
        if (only) {
          const value = await only.work(scope);
          return [() => only.settle({ value })];
        }
        const done: (() => void)[] = [];
        for (const member of members) {
          const outcome = await runToSavepoint(scope, member.work);
          done.push(() => member.settle(outcome));
        }
        return done;
      });
      this.counts.commits++;
      this.counts.members += members.length;
      for (const settle of settled) settle();
    } catch (error) {
      for (const member of members) member.settle({ error });
    } finally {
      this.committing = false;
      void this.commitNext();
    }
  }
}

/** One member's work inside the shared transaction; its failure undoes its own writes only. */
const SAVEPOINT = CompiledQuery.raw('savepoint group_member');
const RELEASE = CompiledQuery.raw('release savepoint group_member');
const ROLLBACK = CompiledQuery.raw('rollback to savepoint group_member');

async function runToSavepoint<S extends { db: Executor }>(
  scope: S,
  work: (scope: S) => Promise<unknown>,
): Promise<Outcome> {
  await runQuery(scope.db, SAVEPOINT);
  try {
    const value = await work(scope);
    await runQuery(scope.db, RELEASE);
    return { value };
  } catch (error) {
    await runQuery(scope.db, ROLLBACK);
    await runQuery(scope.db, RELEASE);
    return { error };
  }
}
