// Queries of the print_jobs table: create, read and list, the queue's heads and claims, progress, the final state, cancelling, and kept documents.
import { sql, type Selectable, type UpdateResult } from 'kysely';
import { z } from 'zod';
import {
  printJobSourceSchema,
  type PrintFormat,
  type PrintJobSource,
  type PrintJobStatus,
} from '@shared/api/printRequest';
import { renderWarningSchema } from '@shared/api/renderRequest';
import type { Executor, PrintJobRow } from '../schema';
import type { KeyMode } from '../storeTypes';
import type { CounterReservation } from './counters';

export type PrintJobWarning = z.infer<typeof renderWarningSchema>;

/** Why an attempt or a job failed: a stable code and a message an operator can act on. */
export interface JobError {
  code: string;
  message: string;
}

/** Who works on a job: one print queue, told apart from others by a random token; pid and host say whether it still runs. */
export interface ClaimOwner {
  token: string;
  pid: number;
  host: string;
}

export interface JobClaim extends ClaimOwner {
  /** Wall-clock ms when the owner last said it is alive. */
  heartbeatAt: number;
}

export interface PrintJobRecord {
  id: string;
  /** Submission order across all jobs. */
  seq: number;
  teamId: string;
  apiKeyId: string | null;
  mode: KeyMode;
  printerId: string;
  format: PrintFormat;
  status: PrintJobStatus;
  labelCount: number;
  copies: number;
  /** The caller's own ZPL (POST /v1/print with zpl): sent as it is, cut only between its formats. */
  raw: boolean;
  /** Labels acknowledged by the printer, of labelCount × copies. */
  labelsSent: number;
  attempts: number;
  /** Wall-clock ms before which no new attempt starts; null: at once. */
  nextAttemptAt: number | null;
  lastError: JobError | null;
  error: JobError | null;
  warnings: PrintJobWarning[];
  /** The template version printed; null for an inline template, raw ZPL or an editor draft. */
  templateVersion: number | null;
  claim: JobClaim | null;
  createdAt: number;
  updatedAt: number;
  /** The stored template printed; null for an inline template or raw ZPL. */
  templateId: string | null;
  /** A reprint: the job it prints labels of again, and which ones as asked ("12-15"). */
  reprintOf: string | null;
  reprintLabels: string | null;
  /** The counter values the job took; null when it took none (no counter, or a reprint). */
  counters: CounterReservation | null;
  /** Its counter values went back to the counters: it must never be reprinted. */
  countersReturned: boolean;
  /** Any label of it may have reached a printer (then its values are never given back). */
  maybePrinted: boolean;
  /** An attempt started and its outcome is not recorded yet (or never will be: a crash mid-send). */
  sendingChunk: boolean;
  /** An ended job's document kept for reprints: its size and when it goes; null when none is kept. */
  documentBytes: number | null;
  documentExpiresAt: number | null;
  /** A virtual printer's or hot folder's job: where it came from; null for the API, the editor and the CLI. */
  source: PrintJobSource | null;
}

export interface NewPrintJob {
  id: string;
  teamId: string;
  apiKeyId: string | null;
  mode: KeyMode;
  printerId: string;
  format: PrintFormat;
  labelCount: number;
  copies: number;
  warnings: PrintJobWarning[];
  /** Default false: a document rendered from a template. */
  raw?: boolean;
  /** Default null. */
  templateVersion?: number | null;
  templateId?: string | null;
  reprint?: { of: string; labels: string };
  counters?: CounterReservation | null;
  source?: PrintJobSource | null;
  /** A job refused before anything was made (an inbound label over the team's quota): created failed, with this error and no document. */
  refused?: JobError;
}

/** What the history lists: all but `teamId` optional; `before`: a position from the previous page (its nextCursor). */
export interface PrintJobFilter {
  teamId: string;
  printerId?: string;
  statuses?: readonly PrintJobStatus[];
  templateId?: string;
  /** createdAt at or after `from`, before `to` (ms). */
  from?: number;
  to?: number;
  before?: number;
  limit: number;
}

const warningsSchema = z.array(renderWarningSchema);
const valuesSchema = z.record(z.string(), z.number());
const reservationSchema = z.object({ first: valuesSchema, next: valuesSchema });

function errorOf(code: string | null, message: string | null): JobError | null {
  return code === null || message === null ? null : { code, message };
}

function toPrintJob(row: Selectable<PrintJobRow>): PrintJobRecord {
  const claim =
    row.claim_token === null || row.claim_pid === null || row.claim_host === null || row.claim_heartbeat_at === null
      ? null
      : { token: row.claim_token, pid: row.claim_pid, host: row.claim_host, heartbeatAt: row.claim_heartbeat_at };
  return {
    id: row.id,
    seq: row.seq,
    teamId: row.team_id,
    apiKeyId: row.api_key_id,
    // The columns' CHECK constraints admit only these values.
    mode: row.mode as KeyMode,
    printerId: row.printer_id,
    format: row.format as PrintFormat,
    status: row.status as PrintJobStatus,
    labelCount: row.label_count,
    copies: row.copies,
    raw: row.raw === 1,
    labelsSent: row.labels_sent,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: errorOf(row.last_error_code, row.last_error_message),
    error: errorOf(row.error_code, row.error_message),
    warnings: warningsSchema.parse(JSON.parse(row.warnings)),
    templateVersion: row.template_version,
    claim,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    templateId: row.template_id,
    reprintOf: row.reprint_of,
    reprintLabels: row.reprint_labels,
    counters: row.counters === null ? null : reservationSchema.parse(JSON.parse(row.counters)),
    countersReturned: row.counters_returned === 1,
    maybePrinted: row.maybe_printed === 1,
    sendingChunk: row.sending_chunk === 1,
    documentBytes: row.document_bytes,
    documentExpiresAt: row.document_expires_at,
    source: row.source === null ? null : printJobSourceSchema.parse(JSON.parse(row.source)),
  };
}

/** A job named by its document: what the document's file name is made of. */
function toDocumentRef(row: { id: string; format: string }): { id: string; format: PrintFormat } {
  return { id: row.id, format: row.format as PrintFormat };
}

const PENDING = ['queued', 'sending'] as const;
const ENDED = ['done', 'failed', 'cancelled'] as const;

type Claimed = { id: string; token: string };

export function printJobQueries(db: Executor, now: () => number) {
  const get = async (id: string): Promise<PrintJobRecord | undefined> => {
    const row = await db.selectFrom('print_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toPrintJob(row);
  };
  const changed = (result: UpdateResult): number => Number(result.numUpdatedRows);
  /** The compare-and-set writes: true when the one job matched the conditions (and so was written). */
  const changedOne = async (write: { executeTakeFirst(): Promise<UpdateResult> }): Promise<boolean> =>
    changed(await write.executeTakeFirst()) === 1;
  const pending = db.updateTable('print_jobs').where('status', 'in', PENDING);
  /** A write by the queue that holds the claim; also after a cancel, which clears the claim: the chunk that was in flight then is recorded as what it was. */
  const byHolderOrCancelled = ({ id, token }: Claimed) =>
    db
      .updateTable('print_jobs')
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb.and([eb('claim_token', '=', token), eb('status', 'in', PENDING)]), eb('status', '=', 'cancelled')]),
      );
  const claimFields = (owner: ClaimOwner | null, heartbeatAt: number) => ({
    claim_token: owner?.token ?? null,
    claim_pid: owner?.pid ?? null,
    claim_host: owner?.host ?? null,
    claim_heartbeat_at: owner === null ? null : heartbeatAt,
  });
  const noClaim = claimFields(null, 0);

  return {
    /** A queued job (failed, when `refused`); with `owner`, already claimed by that queue (the CLI, which sends its own job). */
    async create(
      job: NewPrintJob,
      owner: ClaimOwner | null = null,
      heartbeatAt: number = now(),
    ): Promise<PrintJobRecord> {
      const at = now();
      const row = await db
        .insertInto('print_jobs')
        .values({
          id: job.id,
          team_id: job.teamId,
          api_key_id: job.apiKeyId,
          mode: job.mode,
          printer_id: job.printerId,
          format: job.format,
          status: job.refused === undefined ? 'queued' : 'failed',
          error_code: job.refused?.code ?? null,
          error_message: job.refused?.message ?? null,
          label_count: job.labelCount,
          copies: job.copies,
          raw: job.raw === true ? 1 : 0,
          warnings: JSON.stringify(job.warnings),
          template_version: job.templateVersion ?? null,
          template_id: job.templateId ?? null,
          reprint_of: job.reprint?.of ?? null,
          reprint_labels: job.reprint?.labels ?? null,
          counters: job.counters ? JSON.stringify(job.counters) : null,
          source: job.source ? JSON.stringify(job.source) : null,
          ...claimFields(owner, heartbeatAt),
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toPrintJob(row);
    },

    get,

    /** Labels of the printer's pending jobs not yet acknowledged: what a virtual printer reports as in its buffer. */
    async queuedLabels(printerId: string): Promise<number> {
      const row = await db
        .selectFrom('print_jobs')
        .select((eb) => eb.fn.sum<number | string | null>(sql`label_count * copies - labels_sent`).as('labels'))
        .where('printer_id', '=', printerId)
        .where('status', 'in', PENDING)
        .executeTakeFirst();
      // PostgreSQL's SUM of integers is a numeric, which its driver gives as text.
      return Number(row?.labels ?? 0);
    },

    /** The job if it belongs to the team; another team's job is as unknown as a missing one. */
    async getForTeam(teamId: string, id: string): Promise<PrintJobRecord | undefined> {
      const job = await get(id);
      return job?.teamId === teamId ? job : undefined;
    },

    /** Each printer's oldest pending (queued or sending) job, in submission order. */
    async heads(): Promise<PrintJobRecord[]> {
      // The oldest pending job of each printer: the only one of that printer that may be worked on.
      const rows = await db
        .selectFrom('print_jobs')
        .selectAll()
        .where('seq', 'in', (eb) =>
          eb
            .selectFrom('print_jobs')
            .select((j) => j.fn.min('seq').as('seq'))
            .where('status', 'in', PENDING)
            .groupBy('printer_id'),
        )
        .orderBy('seq')
        .execute();
      return rows.map(toPrintJob);
    },

    /** Ids and formats of the jobs whose documents must stay: pending ones, and ended ones whose document is kept. */
    async documentsInUse(): Promise<{ id: string; format: PrintFormat }[]> {
      const rows = await db
        .selectFrom('print_jobs')
        .select(['id', 'format'])
        .where((eb) => eb.or([eb('status', 'in', PENDING), eb('document_bytes', 'is not', null)]))
        .execute();
      return rows.map(toDocumentRef);
    },

    /** The team's jobs newest first (submission order), one page of them. */
    async list(filter: PrintJobFilter): Promise<PrintJobRecord[]> {
      let query = db.selectFrom('print_jobs').selectAll().where('team_id', '=', filter.teamId);
      if (filter.printerId !== undefined) query = query.where('printer_id', '=', filter.printerId);
      if (filter.statuses !== undefined)
        query =
          filter.statuses.length === 0
            ? query.where(sql<boolean>`1 = 0`)
            : query.where('status', 'in', filter.statuses);
      if (filter.templateId !== undefined) query = query.where('template_id', '=', filter.templateId);
      if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
      if (filter.before !== undefined) query = query.where('seq', '<', filter.before);
      return (await query.orderBy('seq', 'desc').limit(filter.limit).execute()).map(toPrintJob);
    },

    /** Takes a pending job for `owner` if its claim is still `expectedToken` (null: unclaimed); false when someone was faster. */
    async claim(id: string, expectedToken: string | null, owner: ClaimOwner, heartbeatAt: number): Promise<boolean> {
      // Compare-and-set: the claim changes only if nobody took the job since it was read.
      return changedOne(
        pending
          .set(claimFields(owner, heartbeatAt))
          .where('id', '=', id)
          .where('claim_token', expectedToken === null ? 'is' : '=', expectedToken),
      );
    },

    /** The owner is alive: refreshes the heartbeat of every pending job it holds; returns how many. */
    async heartbeat(token: string, at: number): Promise<number> {
      return changed(await pending.set({ claim_heartbeat_at: at }).where('claim_token', '=', token).executeTakeFirst());
    },

    /** Lets go of the owner's pending jobs (a clean stop), so another process may take them at once. */
    async release(token: string): Promise<number> {
      return changed(await pending.set(noClaim).where('claim_token', '=', token).executeTakeFirst());
    },

    /**
     * An attempt starts (marked until its outcome is recorded). The remaining writes succeed only while `token` holds
     * the claim: false means another queue took the job over, or it was cancelled.
     */
    async markSending(id: string, token: string): Promise<boolean> {
      return changedOne(
        pending
          .set({ status: 'sending', sending_chunk: 1, updated_at: now() })
          .where('id', '=', id)
          .where('claim_token', '=', token),
      );
    },

    /** Labels acknowledged so far; a success also clears the failed attempts. */
    /**
     * Moves a pending job this queue holds to another printer (a virtual printer's pool took over from one that failed
     * an attempt), its labels sent so far kept, the failed attempt recorded as recordFailedAttempt does and a warning
     * saying so. The job is then the other printer's to work on, in its place in the order. `document`: the job's
     * labels were written again for that printer (another resolution or format), a template job's document from now
     * on, with what the re-layout gave way on after the warning. False when the claim is gone or the job was cancelled.
     */
    async moveToPrinter(
      id: string,
      token: string,
      move: {
        printerId: string;
        warning: PrintJobWarning;
        error: JobError;
        delivered: boolean;
        document?: { format: PrintFormat; labelCount: number; copies: number; warnings: PrintJobWarning[] };
      },
    ): Promise<boolean> {
      const row = await db
        .selectFrom('print_jobs')
        .select('warnings')
        .where('id', '=', id)
        .where('claim_token', '=', token)
        .executeTakeFirst();
      if (row === undefined) return false;
      const { document } = move;
      const warnings = [...warningsSchema.parse(JSON.parse(row.warnings)), move.warning, ...(document?.warnings ?? [])];
      const relaid =
        document === undefined
          ? {}
          : { format: document.format, label_count: document.labelCount, copies: document.copies, raw: 0 };
      return changedOne(
        db
          .updateTable('print_jobs')
          .where('id', '=', id)
          .where('claim_token', '=', token)
          .where('status', 'in', PENDING)
          .set({
            printer_id: move.printerId,
            ...relaid,
            warnings: JSON.stringify(warnings),
            attempts: 0,
            next_attempt_at: null,
            last_error_code: move.error.code,
            last_error_message: move.error.message,
            ...(move.delivered ? { maybe_printed: 1 } : {}),
            sending_chunk: 0,
            updated_at: now(),
          }),
      );
    },

    async recordProgress(id: string, token: string, labelsSent: number): Promise<boolean> {
      return changedOne(
        byHolderOrCancelled({ id, token }).set({
          labels_sent: labelsSent,
          maybe_printed: 1,
          sending_chunk: 0,
          attempts: 0,
          next_attempt_at: null,
          last_error_code: null,
          last_error_message: null,
          updated_at: now(),
        }),
      );
    },

    /** `delivered`: bytes of a label may have reached the printer before the attempt failed. */
    async recordFailedAttempt(
      id: string,
      token: string,
      attempt: { attempts: number; nextAttemptAt: number; error: JobError; delivered: boolean },
    ): Promise<boolean> {
      const { attempts, nextAttemptAt, error, delivered } = attempt;
      return changedOne(
        byHolderOrCancelled({ id, token }).set({
          attempts,
          next_attempt_at: nextAttemptAt,
          last_error_code: error.code,
          last_error_message: error.message,
          ...(delivered ? { maybe_printed: 1 } : {}),
          sending_chunk: 0,
          updated_at: now(),
        }),
      );
    },

    /** Forgets jobs that ended (done, failed or cancelled) before `before`: their ids then answer 404. Pending jobs always stay. */
    async forgetFinishedBefore(before: number): Promise<number> {
      const result = await db
        .deleteFrom('print_jobs')
        .where('status', 'in', ENDED)
        .where('updated_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The final state; the claim goes with it. A failure says whether its last attempt may have delivered bytes. */
    async finish(
      id: string,
      token: string,
      outcome: { status: 'done' } | { status: 'failed'; error: JobError; delivered: boolean },
    ): Promise<boolean> {
      const error = outcome.status === 'failed' ? outcome.error : null;
      const delivered = outcome.status === 'done' || outcome.delivered;
      return changedOne(
        pending
          .set({
            status: outcome.status,
            error_code: error?.code ?? null,
            error_message: error?.message ?? null,
            next_attempt_at: null,
            ...(delivered ? { maybe_printed: 1 } : {}),
            sending_chunk: 0,
            ...noClaim,
            updated_at: now(),
          })
          .where('id', '=', id)
          .where('claim_token', '=', token),
      );
    },

    /** A pending job stops: no queue sends another chunk of it (each checks before every attempt). False when it was not pending. */
    async cancel(id: string): Promise<boolean> {
      return changedOne(
        pending.set({ status: 'cancelled', next_attempt_at: null, ...noClaim, updated_at: now() }).where('id', '=', id),
      );
    },

    /** The outcome of the last attempt at a job cancelled while it was in flight (the job's end was the cancel). */
    async recordCancelledOutcome(id: string, delivered: boolean): Promise<void> {
      await db
        .updateTable('print_jobs')
        .set({ ...(delivered ? { maybe_printed: 1 } : {}), sending_chunk: 0 })
        .where('id', '=', id)
        .where('status', '=', 'cancelled')
        .execute();
    },

    async markCountersReturned(id: string): Promise<void> {
      await db.updateTable('print_jobs').set({ counters_returned: 1 }).where('id', '=', id).execute();
    },

    /** A reprint of the job went to a printer: its labels, serials included, are out there now. */
    async markMaybePrinted(id: string): Promise<void> {
      await db.updateTable('print_jobs').set({ maybe_printed: 1 }).where('id', '=', id).execute();
    },

    /** Keeps an ended job's document (`bytes` counted in its team's storage) until `expiresAt`; null: not kept (any more). */
    async setKeptDocument(id: string, kept: { bytes: number; expiresAt: number } | null): Promise<void> {
      await db
        .updateTable('print_jobs')
        .set({ document_bytes: kept?.bytes ?? null, document_expires_at: kept?.expiresAt ?? null })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Stops keeping the documents due to go at `at` and returns their jobs: one statement, so of several nodes purging
     * at once each job is returned to one only, the one that then removes the document.
     */
    async releaseExpiredDocuments(at: number): Promise<{ id: string; format: PrintFormat }[]> {
      const rows = await db
        .updateTable('print_jobs')
        .set({ document_bytes: null, document_expires_at: null })
        .where('document_expires_at', 'is not', null)
        .where('document_expires_at', '<=', at)
        .returning(['id', 'format'])
        .execute();
      return rows.map(toDocumentRef);
    },
  };
}

export type PrintJobQueries = ReturnType<typeof printJobQueries>;
