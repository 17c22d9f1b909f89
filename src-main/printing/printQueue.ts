// The print queue: sends pending jobs to their printers, one job per printer at a time in submission order, in chunks
// of whole labels, with bounded retries, resuming after a restart at the first label no printer acknowledged.
//
// What "acknowledged" means, per printer kind (a chunk's labels count as sent only once it is acknowledged):
// - raw (ZPL over TCP): the printer read the whole chunk and closed its side of the connection (sendRaw resolves then);
// - system (lp): lp exited with 0, that is CUPS accepted the chunk into its spool;
// - device: every byte was written and the device file closed without an error (the kernel driver took them).
// Acknowledged is not printed: a printer that jams later loses labels it had taken, and the ~HS check before the next
// chunk of a raw printer reports the fault. labels_sent is committed right after each acknowledgement and only the
// claim's owner sends, so after a crash only the chunk in flight (sent, its acknowledgement not yet committed) can be
// sent again; an acknowledged chunk never is. A chunk that failed part-way (connection cut, timeout) is sent again
// whole, so the labels of it that did arrive can print twice: chunks stay small (50 labels) to bound that.
//
// A cancelled job (POST /v1/print-jobs/{id}/cancel, by any process) is no longer pending, so the check before every
// attempt stops it: no connection after the cancel. A retry wait is cut short (at the next poll, or at once when the
// cancel came through this process); a chunk in flight finishes, and its acknowledgement is recorded.
import { rawZplRefusal, scanRawZpl } from '@shared/read/zpl/rawZplScan';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';
import type { Store } from '../store/openStore';
import type { ClaimOwner, PrintJobRecord } from '../store/queries/printJobs';
import type { PrinterRecord } from '../store/queries/printerFields';
import { queryHostStatus } from './hostStatus';
import { configuredPrinterDriver } from './printerDrivers';
import { PrinterError } from './printerError';
import { keepDocument, returnCountersIfSafe } from './jobSettlement';
import { hostStatusFault, printerErrorFailure, unexpectedFailure, type AttemptFailure } from './printFailures';
import {
  chunkAt,
  documentFileName,
  jobDocument,
  withStoredFormat,
  type Chunk,
  type JobDocument,
} from './printJobDocument';
import {
  DEFAULT_CHUNK_LABELS,
  DEFAULT_LEASE_MS,
  DEFAULT_POLL_MS,
  DEFAULT_RETRY_POLICY,
  retryDelayMs,
  type FailoverTarget,
  type PrintQueueOptions,
} from './printQueueOptions';
import { isAbandoned, newClaimOwner } from './queueClaims';

export interface PrintQueue {
  /** This queue's identity in job claims. */
  readonly owner: ClaimOwner;
  /** Resumes pending jobs (this process's, unclaimed ones and abandoned ones) and starts watching for new ones. */
  start(): void;
  /** A job was submitted: look now rather than at the next poll. */
  wake(): void;
  /** The job once it is done or failed (undefined if there is no such job). */
  finished(jobId: string): Promise<PrintJobRecord | undefined>;
  /** Stops taking work, lets each chunk in flight finish, and releases this queue's claims: no job is lost. */
  stop(): Promise<void>;
}

export function createPrintQueue(store: Store, options: PrintQueueOptions = {}): PrintQueue {
  const owner = newClaimOwner();
  const retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const chunkLabels = options.chunkLabels ?? DEFAULT_CHUNK_LABELS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const log = options.logger;
  const documents = store.printDocuments;
  /** The job being worked on per printer, in this process. */
  const workers = new Map<string, Promise<void>>();
  /** Waits in progress, with the job whose retry each waits for (a cancel of it cuts the wait). */
  const sleepers = new Map<() => void, string | undefined>();
  const waiters = new Set<{ jobId: string; resolve: (job: PrintJobRecord | undefined) => void }>();
  const timers: NodeJS.Timeout[] = [];
  let started = false;
  let stopping = false;
  let stopped: Promise<void> | undefined;
  let tickScheduled = false;
  /** The tick running now: ticks never overlap, or two could both start work on one printer's job. */
  let ticking: Promise<void> | undefined;
  let tickAgain = false;

  /** A wait that stop() cuts short. Not unref'd: the CLI has nothing else keeping it alive between retries. */
  function sleep(ms: number, jobId?: string): Promise<void> {
    return new Promise((resolve) => {
      const wakeUp = (): void => {
        clearTimeout(timer);
        sleepers.delete(wakeUp);
        resolve();
      };
      const timer = setTimeout(wakeUp, Math.max(0, ms));
      sleepers.set(wakeUp, jobId);
    });
  }

  /** Retry waits of jobs that are no longer pending (cancelled, possibly by another process) end now. */
  async function wakeCancelled(): Promise<void> {
    for (const [wakeUp, jobId] of sleepers) {
      if (jobId === undefined) continue;
      const status = (await store.printJobs.get(jobId))?.status;
      if (status !== 'queued' && status !== 'sending') wakeUp();
    }
  }

  function wake(): void {
    if (!started || stopping || tickScheduled) return;
    tickScheduled = true;
    setImmediate(() => {
      tickScheduled = false;
      if (ticking) {
        tickAgain = true;
        return;
      }
      ticking = tick().finally(() => {
        ticking = undefined;
        if (tickAgain) {
          tickAgain = false;
          wake();
        }
      });
    });
  }

  async function tick(): Promise<void> {
    if (stopping) return;
    try {
      await wakeCancelled();
      // The store's clock, as claims and heartbeats are written with: tests drive a lease's expiry with it.
      const now = store.now();
      for (const head of await store.printJobs.heads()) {
        if (workers.has(head.printerId) || !(await mayWork(head, now))) continue;
        const worker = work(head.id).then(wake, (error: unknown) => {
          // Left to the next poll rather than retried at once: a failing database would otherwise spin here.
          log?.error({ err: error, jobId: head.id }, 'print queue: working on a job failed');
        });
        workers.set(
          head.printerId,
          worker.finally(() => workers.delete(head.printerId)),
        );
      }
      for (const waiter of waiters) {
        const job = await store.printJobs.get(waiter.jobId);
        if (job?.status === 'queued' || job?.status === 'sending') continue;
        waiters.delete(waiter);
        waiter.resolve(job);
      }
    } catch (error) {
      log?.error({ err: error }, 'print queue: reading the pending jobs failed');
    }
  }

  /** Whether this queue may send the printer's oldest pending job now, claiming it if nobody (alive) holds it. */
  async function mayWork(head: PrintJobRecord, now: number): Promise<boolean> {
    if (head.claim?.token === owner.token) return true;
    if (options.ownJobsOnly) return false;
    if (head.claim !== null && !isAbandoned(head.claim, now, leaseMs)) return false;
    const claimed = await store.printJobs.claim(head.id, head.claim?.token ?? null, owner, now);
    // Said only by the queue whose claim took: several may see the same abandoned claim, one wins it.
    if (claimed && head.claim !== null)
      log?.warn(
        { jobId: head.id, pid: head.claim.pid, host: head.claim.host },
        'print queue: taking over an abandoned job',
      );
    return claimed;
  }

  /**
   * The final state, the counter values given back if the job failed having printed nothing, and its document kept for
   * reprints if the team has room (`documentBytes` null: it could not be read). One commit for all three.
   */
  async function finish(
    job: PrintJobRecord,
    documentBytes: number | null,
    failure?: Pick<AttemptFailure, 'error' | 'delivered'>,
  ): Promise<void> {
    const keep = await store.transaction(async (trx) => {
      const outcome = failure === undefined ? { status: 'done' as const } : { status: 'failed' as const, ...failure };
      // A queue that lost its claim leaves the job, and its document, to the queue that has it now. A job cancelled
      // meanwhile ended with the cancel: only what its last attempt may have delivered is left to record.
      if (!(await trx.printJobs.finish(job.id, owner.token, outcome))) {
        if (failure !== undefined) await trx.printJobs.recordCancelledOutcome(job.id, failure.delivered);
        return undefined;
      }
      const returned = failure !== undefined && (await returnCountersIfSafe(trx, job.id));
      const ended = await trx.printJobs.get(job.id);
      return (
        !returned && documentBytes !== null && ended !== undefined && (await keepDocument(trx, ended, documentBytes))
      );
    });
    if (keep === undefined) return;
    // After the commit: a crash in between leaves an orphan for the orphan sweep (removeOrphans), never a pending job without its document.
    if (!keep) await documents.remove(documentFileName(job));
    if (failure !== undefined)
      log?.warn({ jobId: job.id, code: failure.error.code }, `print job failed: ${failure.error.message}`);
  }

  /**
   * A job cancelled while this queue worked on it: now that nothing of it is in flight here, its counter values go back
   * if nothing of it can have printed (the cancel itself left that to this queue).
   */
  async function settleCancelled(jobId: string): Promise<void> {
    if ((await store.printJobs.get(jobId))?.status !== 'cancelled') return;
    const returned = await store.transaction((trx) => returnCountersIfSafe(trx, jobId));
    const job = await store.printJobs.get(jobId);
    if (returned && job !== undefined) await documents.remove(documentFileName(job));
  }

  /** Checks a raw printer's ~HS first (a fault is retried like a failed send), then sends the chunk. */
  async function attempt(printer: PrinterRecord, chunk: Chunk): Promise<AttemptFailure | undefined> {
    // Whether the failure came while labels were being sent, rather than while reading the printer's status first.
    let sending = false;
    try {
      if (printer.connection.kind === 'raw') {
        const fault = hostStatusFault(await queryHostStatus(printer.connection, options.driver), printer.name);
        if (fault !== undefined) return fault;
      }
      sending = true;
      await configuredPrinterDriver(printer, process.env, options.driver).print(chunk.bytes);
      return undefined;
    } catch (error) {
      if (!(error instanceof PrinterError)) return unexpectedFailure(error);
      // The job's error leaves the address out (API clients read it); the operator's log keeps it.
      log?.warn({ printerId: printer.id }, `print attempt failed: printer "${printer.name}": ${error.message}`);
      return printerErrorFailure(error, printer.name, sending);
    }
  }

  /** Only configured printers are contacted: the job's printer as stored now, and only while it is its team's. */
  async function configuredPrinter(job: PrintJobRecord): Promise<PrinterRecord | undefined> {
    const printer = await store.printers.get(job.printerId);
    return printer?.teamId === job.teamId ? printer : undefined;
  }

  /**
   * The job goes on at `target`'s printer from label `labelsSent` (what `from` acknowledged): it becomes that printer's,
   * worked on in its turn there (the caller stops working on it). False when this queue lost it meanwhile. A document
   * written again for that printer replaces the job's (`sent`, its bytes now) before the move commits, and is put back
   * when the move does not: a crash in between leaves the job at `from` with the new document (see docs/printing.md).
   */
  async function moveJob(
    job: PrintJobRecord,
    from: PrinterRecord,
    target: FailoverTarget,
    sent: { labels: number; bytes: Uint8Array },
    failure: AttemptFailure,
  ): Promise<boolean> {
    const to = target.printer;
    const { document } = target;
    const after = `after ${sent.labels} of ${job.labelCount * job.copies} labels`;
    const relaid = document === undefined ? '' : ` (written again for its ${to.dpi} dpi, as ${document.format})`;
    if (document !== undefined) await documents.write(job.id, document.format, document.bytes);
    const moved = await store.printJobs.moveToPrinter(job.id, owner.token, {
      printerId: to.id,
      warning: {
        code: 'PRINTER_FAILOVER',
        message: `printer "${from.name}" failed (${failure.error.code}) ${after}: the job went on at printer "${to.name}"${relaid}`,
      },
      ...failure,
      document,
    });
    if (document !== undefined && document.format !== job.format) {
      // The document no row names goes now (the orphan sweep would take it later anyway).
      await documents.remove(documentFileName(moved ? job : { id: job.id, format: document.format }));
    } else if (document !== undefined && !moved) await documents.write(job.id, job.format, sent.bytes);
    if (moved)
      log?.warn(
        { jobId: job.id, from: from.id, to: to.id, labelsSent: sent.labels },
        'print job moved to another printer',
      );
    return moved;
  }

  async function work(jobId: string): Promise<void> {
    await send(jobId);
    await settleCancelled(jobId);
  }

  async function send(jobId: string): Promise<void> {
    const job = await store.printJobs.get(jobId);
    if (job === undefined) return;
    let document: JobDocument;
    try {
      document = jobDocument(job.format, await documents.read(documentFileName(job)), job.labelCount, job.raw);
    } catch (error) {
      const message = `the job's document cannot be read: ${error instanceof Error ? error.message : String(error)}`;
      return finish(job, null, { error: { code: 'DOCUMENT_MISSING', message }, delivered: false });
    }
    const documentBytes = document.bytes.length;
    const totalLabels = job.labelCount * job.copies;
    // The caller's own ZPL, checked against the printer's setting at every attempt: it may have changed since the job was made.
    const rawScan = job.raw ? scanRawZpl(zplTextFromBytes(document.bytes)) : undefined;
    let { labelsSent, attempts } = job;
    // A retry scheduled before a restart keeps its time.
    if (job.nextAttemptAt !== null) await sleep(job.nextAttemptAt - store.now(), job.id);
    while (labelsSent < totalLabels && !stopping) {
      // Also the check that this queue still holds the claim: a chunk is never sent by two processes.
      if (!(await store.printJobs.markSending(job.id, owner.token))) return;
      // Read again before every attempt: a printer removed (or changed) while the job waited is never contacted as it was.
      const printer = await configuredPrinter(job);
      if (printer === undefined) {
        const sent =
          labelsSent === 0 ? 'before the job was sent' : `after ${labelsSent} of ${totalLabels} labels were sent`;
        return finish(job, documentBytes, {
          error: { code: 'PRINTER_REMOVED', message: `printer ${job.printerId} was removed ${sent}` },
          delivered: false,
        });
      }
      const refused = rawScan && rawZplRefusal(rawScan, printer);
      if (refused !== undefined)
        return finish(job, documentBytes, {
          error: { code: 'RAW_ZPL_REFUSED', message: refused.message },
          delivered: false,
        });
      const whole = chunkAt(document, job.copies, labelsSent, chunkLabels);
      // Store/recall for raw ZPL printers (the issue's case: large batches to one network printer); other kinds get whole labels.
      // The caller's own ZPL goes as it came: never rewritten as a stored format.
      const chunk =
        printer.connection.kind === 'raw' && job.format === 'zpl' && !job.raw ? withStoredFormat(whole) : whole;
      const failure = await attempt(printer, chunk);
      if (failure === undefined) {
        labelsSent += chunk.labels;
        attempts = 0;
        if (!(await store.printJobs.recordProgress(job.id, owner.token, labelsSent))) return;
        options.onProgress?.({ jobId: job.id, labelsSent, totalLabels });
        continue;
      }
      const other = failure.retryable ? await options.failover?.(job, printer) : undefined;
      const sent = { labels: labelsSent, bytes: document.bytes };
      if (other !== undefined && (await moveJob(job, printer, other, sent, failure))) return;
      attempts += 1;
      if (!failure.retryable) return finish(job, documentBytes, failure);
      if (attempts >= retry.maxAttempts) {
        const gaveUp = `gave up after ${attempts === 1 ? '1 attempt' : `${attempts} attempts`}`;
        return finish(job, documentBytes, {
          error: { code: failure.error.code, message: `${failure.error.message} (${gaveUp})` },
          delivered: failure.delivered,
        });
      }
      const delayMs = retryDelayMs(retry, attempts);
      const recorded = await store.printJobs.recordFailedAttempt(job.id, owner.token, {
        attempts,
        nextAttemptAt: store.now() + delayMs,
        ...failure,
      });
      // Not recorded: another queue took the job over. Cancelled meanwhile: there is nothing to wait for.
      if (!recorded || (await store.printJobs.get(job.id))?.status === 'cancelled') return;
      log?.info({ jobId: job.id, attempts, delayMs, code: failure.error.code }, 'print job will retry');
      await sleep(delayMs, job.id);
    }
    if (labelsSent >= totalLabels) await finish(job, documentBytes);
  }

  return {
    owner,
    start() {
      if (started) return;
      started = true;
      const poll = setInterval(wake, options.pollMs ?? DEFAULT_POLL_MS);
      const heartbeat = setInterval(() => {
        store.printJobs
          .heartbeat(owner.token, store.now())
          .catch((error: unknown) => log?.error({ err: error }, 'print queue: heartbeat failed'));
      }, leaseMs / 6);
      for (const timer of [poll, heartbeat]) {
        timer.unref();
        timers.push(timer);
      }
      wake();
    },
    wake,
    finished(jobId) {
      return new Promise((resolve) => {
        waiters.add({ jobId, resolve });
        wake();
      });
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        for (const timer of timers.splice(0)) clearInterval(timer);
        for (const wakeUp of [...sleepers.keys()]) wakeUp();
        await ticking;
        await Promise.all(workers.values());
        await store.printJobs.release(owner.token);
      })();
      return stopped;
    },
  };
}
