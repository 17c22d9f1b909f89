// The print queue's knobs with their defaults: retries and backoff, chunk size, polling and claim lease, printer timeouts.
import type { Logger } from 'pino';
import type { PrintFormat } from '@shared/api/printRequest';
import type { PrintJobRecord, PrintJobWarning } from '../store/queries/printJobs';
import type { PrinterRecord } from '../store/queries/printerFields';
import type { DriverOptions } from './printerDrivers';

/** Where a job whose printer failed goes on (PrintQueueOptions.failover). */
export interface FailoverTarget {
  printer: PrinterRecord;
  /**
   * The job's labels written again for `printer` (it has another resolution, or takes PDF): the job's document from
   * then on, sent from the same label on. Absent: the document goes as it is.
   */
  document?: {
    format: PrintFormat;
    bytes: Uint8Array;
    labelCount: number;
    copies: number;
    warnings: PrintJobWarning[];
  };
}

export interface RetryPolicy {
  /** Attempts at one chunk before the job fails; an acknowledged chunk starts the count again. */
  maxAttempts: number;
  /** Wait after the first failed attempt; each further failure doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * 6 attempts over about a minute (waits of 2, 4, 8, 16, 32 s): long enough to load paper or close a head, short enough
 * that a dead printer's job fails while someone still watches it.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 2000, maxDelayMs: 60_000 };

/** Labels per chunk: what a crash can resend at most, against one ~HS check and one connection per chunk. */
export const DEFAULT_CHUNK_LABELS = 50;
/** How often the queue looks for jobs another process submitted or abandoned. */
export const DEFAULT_POLL_MS = 1000;
/** A live queue refreshes its claims 6 times within the lease, so one late heartbeat never looks like an abandoned job. */
export const DEFAULT_LEASE_MS = 30_000;

export interface PrintQueueOptions {
  retry?: Partial<RetryPolicy>;
  chunkLabels?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Printer timeouts (connect, ~HS answer, idle while sending, lp). */
  driver?: DriverOptions;
  /** Work only the jobs this queue claimed itself (the CLI's own job), never other processes' or unclaimed ones. */
  ownJobsOnly?: boolean;
  /**
   * Another printer for a job whose printer failed an attempt (a virtual printer's pool), or undefined to retry on
   * the same one. The job goes on there from its last acknowledged label.
   */
  failover?: (job: PrintJobRecord, failed: PrinterRecord) => Promise<FailoverTarget | undefined>;
  /** After each acknowledged chunk. */
  onProgress?: (progress: { jobId: string; labelsSent: number; totalLabels: number }) => void;
  logger?: Logger;
}

/** The wait after the `attempt`-th failure in a row (1-based): exponential, capped. */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
}
