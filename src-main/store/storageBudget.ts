// A team's storage budget for kept outputs: what it holds and may hold, and the admission of one more output (413 over the per-output cap, 429 past the budget).
import { OutputTooLargeError, StorageExceededError } from '../../src-shared/api/apiErrors';
import { effectiveLimits } from '../../src-shared/api/plans';
import type { StoreScope } from './openStore';
import { purgeExpired } from './purgeExpired';
import type { TeamRecord } from './storeTypes';

export async function teamStorage(store: StoreScope, team: TeamRecord): Promise<{ usedBytes: number; limitBytes: number }> {
  return { usedBytes: await store.storage.used(team.id), limitBytes: effectiveLimits(team).storageBytes };
}

/**
 * Refuses an output that would take the team past its budget, saying when enough of its outputs expire. Run inside the
 * transaction that records the output, it is the final word: two renders written at once cannot both take the last room.
 */
export async function assertStorageRoom(store: StoreScope, teamId: string, sizeBytes: number): Promise<void> {
  const team = await store.teams.get(teamId);
  // No such team: the render row's foreign key refuses it.
  if (!team) return;
  const { usedBytes, limitBytes } = await teamStorage(store, team);
  if (usedBytes + sizeBytes <= limitBytes) return;
  const freeAt = sizeBytes > limitBytes ? undefined : await store.storage.freedBy(teamId, usedBytes + sizeBytes - limitBytes);
  const retryAfterSeconds = freeAt === undefined ? undefined : Math.max(1, Math.ceil((freeAt - store.now()) / 1000));
  throw new StorageExceededError({ usedBytes, limitBytes, sizeBytes }, retryAfterSeconds);
}

/** Before an output is written: the per-output cap, then the team's budget. Nothing is on disk yet when either refuses. */
export async function admitOutput(store: StoreScope, teamId: string, sizeBytes: number, maxOutputBytes: number): Promise<void> {
  if (sizeBytes > maxOutputBytes) throw new OutputTooLargeError(sizeBytes, maxOutputBytes);
  try {
    await assertStorageRoom(store, teamId, sizeBytes);
  } catch (error) {
    if (!(error instanceof StorageExceededError)) throw error;
    // Outputs (and reprint documents) past their 7 days count until the hourly sweep deletes them: sweep now rather than refuse for them.
    const swept = await purgeExpired(store);
    if (swept.expired + swept.printDocuments === 0) throw error;
    await assertStorageRoom(store, teamId, sizeBytes);
  }
}
