// Prepared statements of the print_jobs table: create, read, the queue's heads and claims, progress, and the final state.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { PrintFormat, PrintJobStatus } from '../../../src-shared/api/printRequest';
import { renderWarningSchema } from '../../../src-shared/api/renderRequest';
import type { KeyMode } from '../storeTypes';

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
}

const warningsSchema = z.array(renderWarningSchema);

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
  };
}

const PENDING = "status IN ('queued', 'sending')";

export function printJobQueries(db: Database.Database, now: () => number) {
  const insert = db.prepare(
    `INSERT INTO print_jobs (id, team_id, api_key_id, mode, printer_id, format, status, label_count, copies, raw, warnings, template_version,
                             claim_token, claim_pid, claim_host, claim_heartbeat_at, created_at, updated_at)
     VALUES (@id, @team_id, @api_key_id, @mode, @printer_id, @format, 'queued', @label_count, @copies, @raw, @warnings, @template_version,
             @claim_token, @claim_pid, @claim_host, @claim_heartbeat_at, @at, @at)`,
  );
  const selectOne = db.prepare<[string], PrintJobRow>('SELECT * FROM print_jobs WHERE id = ?');
  // The oldest pending job of each printer: the only one of that printer that may be worked on.
  const selectHeads = db.prepare<[], PrintJobRow>(
    `SELECT * FROM print_jobs WHERE seq IN (SELECT min(seq) FROM print_jobs WHERE ${PENDING} GROUP BY printer_id) ORDER BY seq`,
  );
  const selectPendingIds = db.prepare<[], { id: string; format: string }>(`SELECT id, format FROM print_jobs WHERE ${PENDING}`);
  // Compare-and-set: the claim changes only if nobody took the job since it was read.
  const updateClaim = db.prepare(
    `UPDATE print_jobs SET claim_token = @token, claim_pid = @pid, claim_host = @host, claim_heartbeat_at = @heartbeat_at
     WHERE id = @id AND ${PENDING} AND claim_token IS @expected`,
  );
  const updateHeartbeat = db.prepare(`UPDATE print_jobs SET claim_heartbeat_at = @at WHERE claim_token = @token AND ${PENDING}`);
  const updateRelease = db.prepare(
    `UPDATE print_jobs SET claim_token = NULL, claim_pid = NULL, claim_host = NULL, claim_heartbeat_at = NULL WHERE claim_token = ? AND ${PENDING}`,
  );
  const updateSending = db.prepare(`UPDATE print_jobs SET status = 'sending', updated_at = @at WHERE id = @id AND claim_token = @token AND ${PENDING}`);
  const updateProgress = db.prepare(
    `UPDATE print_jobs SET labels_sent = @labels_sent, attempts = 0, next_attempt_at = NULL, last_error_code = NULL, last_error_message = NULL,
       updated_at = @at WHERE id = @id AND claim_token = @token AND ${PENDING}`,
  );
  const updateAttempt = db.prepare(
    `UPDATE print_jobs SET attempts = @attempts, next_attempt_at = @next_attempt_at, last_error_code = @code, last_error_message = @message,
       updated_at = @at WHERE id = @id AND claim_token = @token AND ${PENDING}`,
  );
  const updateFinished = db.prepare(
    `UPDATE print_jobs SET status = @status, error_code = @code, error_message = @message, next_attempt_at = NULL,
       claim_token = NULL, claim_pid = NULL, claim_host = NULL, claim_heartbeat_at = NULL, updated_at = @at
     WHERE id = @id AND claim_token = @token AND ${PENDING}`,
  );

  const deleteFinished = db.prepare<[number]>(`DELETE FROM print_jobs WHERE status IN ('done', 'failed') AND updated_at < ?`);

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

    /** Ids and formats of the pending jobs: their documents must stay. */
    pendingDocuments(): { id: string; format: PrintFormat }[] {
      return selectPendingIds.all().map((row) => ({ id: row.id, format: row.format as PrintFormat }));
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

    /** The remaining writes succeed only while `token` holds the claim: false means another queue took the job over. */
    markSending(id: string, token: string): boolean {
      return updateSending.run({ id, token, at: now() }).changes === 1;
    },

    /** Labels acknowledged so far; a success also clears the failed attempts. */
    recordProgress(id: string, token: string, labelsSent: number): boolean {
      return updateProgress.run({ id, token, labels_sent: labelsSent, at: now() }).changes === 1;
    },

    recordFailedAttempt(id: string, token: string, attempt: { attempts: number; nextAttemptAt: number; error: JobError }): boolean {
      const { attempts, nextAttemptAt, error } = attempt;
      return updateAttempt.run({ id, token, attempts, next_attempt_at: nextAttemptAt, code: error.code, message: error.message, at: now() }).changes === 1;
    },

    /** Forgets jobs that ended (done or failed) before `before`: their ids then answer 404. Pending jobs always stay. */
    forgetFinishedBefore(before: number): number {
      return deleteFinished.run(before).changes;
    },

    /** The final state; the claim goes with it. */
    finish(id: string, token: string, outcome: { status: 'done' } | { status: 'failed'; error: JobError }): boolean {
      const error = outcome.status === 'failed' ? outcome.error : null;
      return updateFinished.run({ id, token, status: outcome.status, code: error?.code ?? null, message: error?.message ?? null, at: now() }).changes === 1;
    },
  };
}

export type PrintJobQueries = ReturnType<typeof printJobQueries>;
