// Prepared statements of the print_jobs table: create, read and list, the queue's heads and claims, progress, the final state, cancelling, and kept documents.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { PrintFormat, PrintJobStatus } from '../../../src-shared/api/printRequest';
import { renderWarningSchema } from '../../../src-shared/api/renderRequest';
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

interface PrintJobRow {
  seq: number;
  id: string;
  team_id: string;
  api_key_id: string | null;
  mode: string;
  printer_id: string;
  format: string;
  status: string;
  label_count: number;
  copies: number;
  raw: number;
  labels_sent: number;
  attempts: number;
  next_attempt_at: number | null;
  last_error_code: string | null;
  last_error_message: string | null;
  error_code: string | null;
  error_message: string | null;
  warnings: string;
  template_version: number | null;
  claim_token: string | null;
  claim_pid: number | null;
  claim_host: string | null;
  claim_heartbeat_at: number | null;
  created_at: number;
  updated_at: number;
  template_id: string | null;
  reprint_of: string | null;
  reprint_labels: string | null;
  counters: string | null;
  counters_returned: number;
  maybe_printed: number;
  sending_chunk: number;
  document_bytes: number | null;
  document_expires_at: number | null;
}

const warningsSchema = z.array(renderWarningSchema);
const valuesSchema = z.record(z.string(), z.number());
const reservationSchema = z.object({ first: valuesSchema, next: valuesSchema });

function errorOf(code: string | null, message: string | null): JobError | null {
  return code === null || message === null ? null : { code, message };
}

function toPrintJob(row: PrintJobRow): PrintJobRecord {
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
  };
}

const PENDING = "status IN ('queued', 'sending')";
const ENDED = "status IN ('done', 'failed', 'cancelled')";

export function printJobQueries(db: Database.Database, now: () => number) {
  const insert = db.prepare(
    `INSERT INTO print_jobs (id, team_id, api_key_id, mode, printer_id, format, status, label_count, copies, raw, warnings, template_version,
                             claim_token, claim_pid, claim_host, claim_heartbeat_at, created_at, updated_at,
                             template_id, reprint_of, reprint_labels, counters)
     VALUES (@id, @team_id, @api_key_id, @mode, @printer_id, @format, 'queued', @label_count, @copies, @raw, @warnings, @template_version,
             @claim_token, @claim_pid, @claim_host, @claim_heartbeat_at, @at, @at,
             @template_id, @reprint_of, @reprint_labels, @counters)`,
  );
  const selectOne = db.prepare<[string], PrintJobRow>('SELECT * FROM print_jobs WHERE id = ?');
  // The oldest pending job of each printer: the only one of that printer that may be worked on.
  const selectHeads = db.prepare<[], PrintJobRow>(
    `SELECT * FROM print_jobs WHERE seq IN (SELECT min(seq) FROM print_jobs WHERE ${PENDING} GROUP BY printer_id) ORDER BY seq`,
  );
  const selectDocumentIds = db.prepare<[], { id: string; format: string }>(`SELECT id, format FROM print_jobs WHERE ${PENDING} OR document_bytes IS NOT NULL`);
  // Compare-and-set: the claim changes only if nobody took the job since it was read.
  const updateClaim = db.prepare(
    `UPDATE print_jobs SET claim_token = @token, claim_pid = @pid, claim_host = @host, claim_heartbeat_at = @heartbeat_at
     WHERE id = @id AND ${PENDING} AND claim_token IS @expected`,
  );
  const updateHeartbeat = db.prepare(`UPDATE print_jobs SET claim_heartbeat_at = @at WHERE claim_token = @token AND ${PENDING}`);
  const updateRelease = db.prepare(
    `UPDATE print_jobs SET claim_token = NULL, claim_pid = NULL, claim_host = NULL, claim_heartbeat_at = NULL WHERE claim_token = ? AND ${PENDING}`,
  );
  const updateSending = db.prepare(`UPDATE print_jobs SET status = 'sending', sending_chunk = 1, updated_at = @at WHERE id = @id AND claim_token = @token AND ${PENDING}`);
  // Also after a cancel, which clears the claim: the chunk that was in flight then is recorded as what it was.
  const updateProgress = db.prepare(
    `UPDATE print_jobs SET labels_sent = @labels_sent, maybe_printed = 1, sending_chunk = 0, attempts = 0, next_attempt_at = NULL, last_error_code = NULL,
       last_error_message = NULL, updated_at = @at WHERE id = @id AND ((claim_token = @token AND ${PENDING}) OR status = 'cancelled')`,
  );
  const updateAttempt = db.prepare(
    `UPDATE print_jobs SET attempts = @attempts, next_attempt_at = @next_attempt_at, last_error_code = @code, last_error_message = @message,
       maybe_printed = max(maybe_printed, @delivered), sending_chunk = 0, updated_at = @at WHERE id = @id AND ((claim_token = @token AND ${PENDING}) OR status = 'cancelled')`,
  );
  const updateFinished = db.prepare(
    `UPDATE print_jobs SET status = @status, error_code = @code, error_message = @message, next_attempt_at = NULL,
       maybe_printed = max(maybe_printed, @delivered), sending_chunk = 0, claim_token = NULL, claim_pid = NULL, claim_host = NULL, claim_heartbeat_at = NULL,
       updated_at = @at WHERE id = @id AND claim_token = @token AND ${PENDING}`,
  );
  const updateCancelled = db.prepare(
    `UPDATE print_jobs SET status = 'cancelled', next_attempt_at = NULL, claim_token = NULL, claim_pid = NULL, claim_host = NULL,
       claim_heartbeat_at = NULL, updated_at = @at WHERE id = @id AND ${PENDING}`,
  );
  const updateCancelledOutcome = db.prepare(
    "UPDATE print_jobs SET maybe_printed = max(maybe_printed, @delivered), sending_chunk = 0 WHERE id = @id AND status = 'cancelled'",
  );
  const updateCountersReturned = db.prepare<[string]>('UPDATE print_jobs SET counters_returned = 1 WHERE id = ?');
  const updateMaybePrinted = db.prepare<[string]>('UPDATE print_jobs SET maybe_printed = 1 WHERE id = ?');
  const updateDocument = db.prepare<[{ id: string; bytes: number | null; expires_at: number | null }]>(
    'UPDATE print_jobs SET document_bytes = @bytes, document_expires_at = @expires_at WHERE id = @id',
  );
  const selectExpiredDocuments = db.prepare<[number], { id: string; format: string }>(
    'SELECT id, format FROM print_jobs WHERE document_expires_at IS NOT NULL AND document_expires_at <= ?',
  );
  const selectList = db.prepare<[Record<string, unknown>], PrintJobRow>(
    `SELECT * FROM print_jobs WHERE team_id = @team_id
       AND (@printer_id IS NULL OR printer_id = @printer_id)
       AND (@statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses)))
       AND (@template_id IS NULL OR template_id = @template_id)
       AND (@from IS NULL OR created_at >= @from) AND (@to IS NULL OR created_at < @to)
       AND (@before IS NULL OR seq < @before)
     ORDER BY seq DESC LIMIT @limit`,
  );

  const deleteFinished = db.prepare<[number]>(`DELETE FROM print_jobs WHERE ${ENDED} AND updated_at < ?`);

  const get = (id: string): PrintJobRecord | undefined => {
    const row = selectOne.get(id);
    return row && toPrintJob(row);
  };

  const claimFields = (owner: ClaimOwner | null, heartbeatAt: number) => ({
    claim_token: owner?.token ?? null,
    claim_pid: owner?.pid ?? null,
    claim_host: owner?.host ?? null,
    claim_heartbeat_at: owner === null ? null : heartbeatAt,
  });

  return {
    /** A queued job; with `owner`, already claimed by that queue (the CLI, which sends its own job). */
    create(job: NewPrintJob, owner: ClaimOwner | null = null, heartbeatAt: number = Date.now()): PrintJobRecord {
      insert.run({
        id: job.id,
        team_id: job.teamId,
        api_key_id: job.apiKeyId,
        mode: job.mode,
        printer_id: job.printerId,
        format: job.format,
        label_count: job.labelCount,
        copies: job.copies,
        raw: job.raw === true ? 1 : 0,
        warnings: JSON.stringify(job.warnings),
        template_version: job.templateVersion ?? null,
        template_id: job.templateId ?? null,
        reprint_of: job.reprint?.of ?? null,
        reprint_labels: job.reprint?.labels ?? null,
        counters: job.counters ? JSON.stringify(job.counters) : null,
        ...claimFields(owner, heartbeatAt),
        at: now(),
      });
      const created = get(job.id);
      if (!created) throw new Error(`print job ${job.id} vanished right after its insert`);
      return created;
    },

    get,

    /** The job if it belongs to the team; another team's job is as unknown as a missing one. */
    getForTeam(teamId: string, id: string): PrintJobRecord | undefined {
      const job = get(id);
      return job?.teamId === teamId ? job : undefined;
    },

    /** Each printer's oldest pending (queued or sending) job, in submission order. */
    heads(): PrintJobRecord[] {
      return selectHeads.all().map(toPrintJob);
    },

    /** Ids and formats of the jobs whose documents must stay: pending ones, and ended ones whose document is kept. */
    documentsInUse(): { id: string; format: PrintFormat }[] {
      return selectDocumentIds.all().map((row) => ({ id: row.id, format: row.format as PrintFormat }));
    },

    /** The team's jobs newest first (submission order), one page of them. */
    list(filter: PrintJobFilter): PrintJobRecord[] {
      return selectList
        .all({
          team_id: filter.teamId,
          printer_id: filter.printerId ?? null,
          statuses: filter.statuses === undefined ? null : JSON.stringify(filter.statuses),
          template_id: filter.templateId ?? null,
          from: filter.from ?? null,
          to: filter.to ?? null,
          before: filter.before ?? null,
          limit: filter.limit,
        })
        .map(toPrintJob);
    },

    /** Takes a pending job for `owner` if its claim is still `expectedToken` (null: unclaimed); false when someone was faster. */
    claim(id: string, expectedToken: string | null, owner: ClaimOwner, heartbeatAt: number): boolean {
      return updateClaim.run({ id, expected: expectedToken, token: owner.token, pid: owner.pid, host: owner.host, heartbeat_at: heartbeatAt }).changes === 1;
    },

    /** The owner is alive: refreshes the heartbeat of every pending job it holds; returns how many. */
    heartbeat(token: string, at: number): number {
      return updateHeartbeat.run({ token, at }).changes;
    },

    /** Lets go of the owner's pending jobs (a clean stop), so another process may take them at once. */
    release(token: string): number {
      return updateRelease.run(token).changes;
    },

    /**
     * An attempt starts (marked until its outcome is recorded). The remaining writes succeed only while `token` holds
     * the claim: false means another queue took the job over, or it was cancelled.
     */
    markSending(id: string, token: string): boolean {
      return updateSending.run({ id, token, at: now() }).changes === 1;
    },

    /** Labels acknowledged so far; a success also clears the failed attempts. */
    recordProgress(id: string, token: string, labelsSent: number): boolean {
      return updateProgress.run({ id, token, labels_sent: labelsSent, at: now() }).changes === 1;
    },

    /** `delivered`: bytes of a label may have reached the printer before the attempt failed. */
    recordFailedAttempt(id: string, token: string, attempt: { attempts: number; nextAttemptAt: number; error: JobError; delivered: boolean }): boolean {
      const { attempts, nextAttemptAt, error, delivered } = attempt;
      const fields = { id, token, attempts, next_attempt_at: nextAttemptAt, code: error.code, message: error.message, delivered: delivered ? 1 : 0, at: now() };
      return updateAttempt.run(fields).changes === 1;
    },

    /** Forgets jobs that ended (done, failed or cancelled) before `before`: their ids then answer 404. Pending jobs always stay. */
    forgetFinishedBefore(before: number): number {
      return deleteFinished.run(before).changes;
    },

    /** The final state; the claim goes with it. A failure says whether its last attempt may have delivered bytes. */
    finish(id: string, token: string, outcome: { status: 'done' } | { status: 'failed'; error: JobError; delivered: boolean }): boolean {
      const error = outcome.status === 'failed' ? outcome.error : null;
      const delivered = outcome.status === 'done' || outcome.delivered ? 1 : 0;
      return updateFinished.run({ id, token, status: outcome.status, code: error?.code ?? null, message: error?.message ?? null, delivered, at: now() }).changes === 1;
    },

    /** A pending job stops: no queue sends another chunk of it (each checks before every attempt). False when it was not pending. */
    cancel(id: string): boolean {
      return updateCancelled.run({ id, at: now() }).changes === 1;
    },

    /** The outcome of the last attempt at a job cancelled while it was in flight (the job's end was the cancel). */
    recordCancelledOutcome(id: string, delivered: boolean): void {
      updateCancelledOutcome.run({ id, delivered: delivered ? 1 : 0 });
    },

    markCountersReturned(id: string): void {
      updateCountersReturned.run(id);
    },

    /** A reprint of the job went to a printer: its labels, serials included, are out there now. */
    markMaybePrinted(id: string): void {
      updateMaybePrinted.run(id);
    },

    /** Keeps an ended job's document (`bytes` counted in its team's storage) until `expiresAt`; null: not kept (any more). */
    setKeptDocument(id: string, kept: { bytes: number; expiresAt: number } | null): void {
      updateDocument.run({ id, bytes: kept?.bytes ?? null, expires_at: kept?.expiresAt ?? null });
    },

    /** Jobs whose kept document is due to go at `at`. */
    expiredDocuments(at: number): { id: string; format: PrintFormat }[] {
      return selectExpiredDocuments.all(at).map((row) => ({ id: row.id, format: row.format as PrintFormat }));
    },
  };
}

export type PrintJobQueries = ReturnType<typeof printJobQueries>;
