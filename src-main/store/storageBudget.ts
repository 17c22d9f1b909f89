// A team's storage budget for kept outputs and library images: what it holds and may hold, and the admission of one more output (413 over the per-output cap, 429 past the budget) or image.
import { OutputTooLargeError, StorageExceededError } from '@shared/api/apiErrors';
import { effectiveLimits } from '@shared/api/plans';
import type { StoreScope } from './openStore';
import { purgeExpired } from './purgeExpired';
import type { TeamRecord } from './storeTypes';

export async function teamStorage(
  store: StoreScope,
  team: TeamRecord,
): Promise<{ usedBytes: number; limitBytes: number }> {
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
  throw await storageExceeded(store, teamId, { usedBytes, limitBytes, sizeBytes }, 'output');
}

/** The refusal of `sizeBytes` more, saying when enough of the team's outputs expire to make room. */
async function storageExceeded(
  store: StoreScope,
  teamId: string,
  storage: { usedBytes: number; limitBytes: number; sizeBytes: number },
  what: 'output' | 'image',
): Promise<StorageExceededError> {
  const { usedBytes, limitBytes, sizeBytes } = storage;
  const freeAt =
    sizeBytes > limitBytes ? undefined : await store.storage.freedBy(teamId, usedBytes + sizeBytes - limitBytes);
  const retryAfterSeconds = freeAt === undefined ? undefined : Math.max(1, Math.ceil((freeAt - store.now()) / 1000));
  return new StorageExceededError(storage, retryAfterSeconds, what);
}

/**
 * Runs `write` (a library image added or replaced) in one transaction, kept only if the team's storage stays within its
 * budget: the images' triggers count the bytes and raster in team_storage as the row changes, so the growth is read
 * after the write and a write that grows past the budget rolls back. One that shrinks or keeps the size always stands
 * (a team over its budget can still replace an image with a smaller one). The team's row is locked first, so two
 * writes at once count in turn.
 */
export async function withinStorageBudget<T>(
  store: StoreScope,
  teamId: string,
  write: (trx: StoreScope) => Promise<T>,
): Promise<T> {
  return store.transaction(async (trx) => {
    await trx.teams.lockForBudget(teamId);
    const usedBytes = await trx.storage.used(teamId);
    const result = await write(trx);
    const sizeBytes = (await trx.storage.used(teamId)) - usedBytes;
    const team = sizeBytes > 0 ? await trx.teams.get(teamId) : undefined;
    if (team === undefined) return result;
    const { limitBytes } = await teamStorage(trx, team);
    if (usedBytes + sizeBytes > limitBytes)
      throw await storageExceeded(trx, teamId, { usedBytes, limitBytes, sizeBytes }, 'image');
    return result;
  });
}

/** Before an output is written: the per-output cap, then the team's budget. Nothing is on disk yet when either refuses. */
export async function admitOutput(
  store: StoreScope,
  teamId: string,
  sizeBytes: number,
  maxOutputBytes: number,
): Promise<void> {
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
