// The write that matters most: a render's output file, then its row and its usage counts in one transaction (shared with the renders committing beside it: see CommitGroup).
import { randomUUID } from 'node:crypto';
import { effectiveLimits, MAX_OUTPUT_BYTES, overQuota, periodOf } from '@shared/api/plans';
import { CONTENT_TYPES, type OutputFormat } from '@shared/render/outputFormats';
import type { StoreScope } from './openStore';
import { admitOutput, assertStorageRoom } from './storageBudget';
import type { KeyMode, RenderRecord } from './storeTypes';

/** Spec 8.2 rule 9: outputs stay available for 7 days. */
export const OUTPUT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface FinishedRender {
  teamId: string;
  apiKeyId: string | null;
  mode: KeyMode;
  format: OutputFormat;
  bytes: Uint8Array;
  renderTimeMs: number;
  /** Renders to count: a batch counts each of its labels; default 1. */
  count?: number;
  /** A batch of PNGs is a zip: its content type and file extension; default the format's own. */
  contentType?: string;
  extension?: string;
  /** The per-output cap of a kept output; default MAX_OUTPUT_BYTES (the server's config may set another). */
  maxOutputBytes?: number;
  /** The hard-capped quota's reservation these renders held: freed in the transaction that counts them. */
  reservedQuota?: ReservedQuota;
}

/** A quota reservation (server/quotaGate) as recordRender sees it. */
export interface ReservedQuota {
  readonly id: string;
  /** Called once the transaction that freed the reservation committed: its holder has nothing left to release. */
  freed(): void;
}

/** Counts renders (a print job's labels too) in their month and day, and flags a soft-capped team that went over its quota; inside a transaction. */
export async function countRenders(
  store: StoreScope,
  teamId: string,
  mode: KeyMode,
  at: number,
  renders: number,
  reservedQuota?: ReservedQuota,
): Promise<void> {
  // Freed where the renders become usage, so they never count as neither (or both) for a concurrent admission.
  if (reservedQuota !== undefined) await store.quotaReservations.release(reservedQuota.id);
  const counts = await store.usage.increment(teamId, mode, at, renders);
  const team = mode === 'live' ? await store.teams.get(teamId) : undefined;
  if (!team) return;
  const limits = effectiveLimits(team);
  if (!limits.hardCap && overQuota(limits, counts.live))
    await store.teams.flagForReview(team.id, periodOf(at).period, at);
}

/** Renders counted before they are drawn (see countRendersAhead). */
export interface CountedAhead {
  /** After the render: the labels it really drew, a difference counted now; resolves once the count is durable. */
  settle(renders: number): Promise<void>;
  /** After a failed render: takes the count back (nothing if it was never written). */
  takeBack(): Promise<void>;
}

/**
 * Counts renders while they are drawn, for an answer that keeps nothing (inline, the viewer's PNG): the count's commit
 * and its sync run beside the worker's drawing instead of after it, and the answer waits for both. Call it after the
 * render was handed to the pool, so the commit does not delay it. A render that fails takes its count back; a crash
 * between the two leaves it (a render may be counted that was never answered, never the other way round).
 */
export function countRendersAhead(
  store: StoreScope,
  teamId: string,
  mode: KeyMode,
  renders: number,
  reservedQuota?: ReservedQuota,
): CountedAhead {
  const count = (change: number, reserved?: ReservedQuota) =>
    store.groupCommit((trx) => countRenders(trx, teamId, mode, trx.now(), change, reserved));
  const written = count(renders, reservedQuota).then(() => reservedQuota?.freed());
  // Observed by settle or takeBack; until then a failed write must not count as an unhandled rejection.
  written.catch(() => undefined);
  return {
    async settle(drawn) {
      await written;
      if (drawn !== renders) await count(drawn - renders);
    },
    async takeBack() {
      if (
        await written.then(
          () => true,
          () => false,
        )
      )
        await count(-renders);
    },
  };
}

/**
 * Stores a successful render and returns its record; call it before answering 200. The file is complete and synced
 * before the row is committed, and the row and the counters commit together, so after a crash at any point a render
 * is either downloadable and counted, or neither (a file without a row is an orphan that the next sweep removes).
 * A kept output must fit the per-output cap and the team's storage budget (OUTPUT_TOO_LARGE, STORAGE_EXCEEDED): checked
 * before the file is written, and the budget again in the transaction, where a refusal removes the file it wrote.
 * An answer that keeps nothing (inline) is counted by countRendersAhead instead.
 */
export async function recordRender(store: StoreScope, render: FinishedRender): Promise<RenderRecord> {
  await admitOutput(store, render.teamId, render.bytes.byteLength, render.maxOutputBytes ?? MAX_OUTPUT_BYTES);
  const id = randomUUID();
  const fileName = await store.outputs.write(id, render.extension ?? render.format, render.bytes);
  try {
    const stored = await store.groupCommit(async (trx) => {
      // Another render of the team may have taken the room while this one was written; the lock makes a render
      // that commits meanwhile wait, and then count.
      await trx.teams.lockForBudget(render.teamId);
      await assertStorageRoom(trx, render.teamId, render.bytes.byteLength);
      const createdAt = trx.now();
      const record: RenderRecord = {
        id,
        teamId: render.teamId,
        apiKeyId: render.apiKeyId,
        mode: render.mode,
        format: render.format,
        contentType: render.contentType ?? CONTENT_TYPES[render.format],
        sizeBytes: render.bytes.byteLength,
        renderTimeMs: render.renderTimeMs,
        fileName,
        createdAt,
        expiresAt: createdAt + OUTPUT_TTL_MS,
      };
      await trx.renders.insert(record);
      await countRenders(trx, render.teamId, render.mode, createdAt, render.count ?? 1, render.reservedQuota);
      return record;
    });
    render.reservedQuota?.freed();
    return stored;
  } catch (error) {
    await store.outputs.remove(fileName);
    throw error;
  }
}
