// Which of a virtual printer's routed printers takes the next label: the first ready one (failover) or each in turn (round-robin).
import type { Logger } from 'pino';
import { AppError } from '@shared/errors';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';
import type { Store } from '../../store/openStore';
import type { PrinterRecord } from '../../store/queries/printerFields';
import type { VirtualPrinterRecord } from '../../store/queries/virtualPrinterFields';
import { statusUnanswered } from './virtualHostAnswers';
import {
  configuredPrinterDriver,
  printerDriver,
  type DriverOptions,
  type PrinterStatusReport,
} from '../printerDrivers';
import type { PrintJobRecord } from '../../store/queries/printJobs';
import { documentFileName } from '../printJobDocument';
import type { FailoverTarget } from '../printQueueOptions';
import { relaidCopies, relaidDocument, relayoutNeeded, type Relayout } from './relayoutLabel';

/** A status read this recently is reused: a stream of labels must not ask every printer of a pool before each one. */
const STATUS_REUSE_MS = 2000;

export interface RouteChoice {
  /** The printer the next label goes to (advancing a round-robin); undefined when none of its routes exists any more. */
  next(virtual: VirtualPrinterRecord): Promise<PrinterRecord | undefined>;
  /** The printer the next label would go to, without advancing: whose state ~HS reports. */
  peek(virtual: VirtualPrinterRecord): Promise<PrinterRecord | undefined>;
  /** A printer's status as its driver reads it now. */
  status(printer: PrinterRecord): Promise<PrinterStatusReport>;
  /**
   * For the print queue: another printer of the pool of the virtual printer `job` came from, ready now, to go on with
   * the job `failed` could not print; undefined for other jobs or when none is ready (or none can take it). A label
   * kept as it was received is written again for a printer of another resolution or one taking PDF; a label already
   * written again for `failed` (its received ZPL is not kept) goes only to a printer of the same resolution and format.
   */
  failover(job: PrintJobRecord, failed: PrinterRecord): Promise<FailoverTarget | undefined>;
}

/** Ready: answering (or a kind that cannot tell) and no fault that stops printing. */
function isReady(report: PrinterStatusReport): boolean {
  const state = report.state;
  if (statusUnanswered(report)) return false;
  if (state === null) return true;
  return !(
    state.paperOut ||
    state.paused ||
    state.headOpen ||
    state.ribbonOut ||
    state.corruptRam ||
    state.overTemperature
  );
}

/**
 * `relayout`: the render pool's, to write a received label again for a printer of another resolution when its own
 * failed (without it, a job fails over only as it is). `logger`: why a job could not move to a printer.
 */
export function createRouteChoice(
  store: Store,
  driverOptions: DriverOptions = {},
  relayout?: Relayout,
  logger?: Logger,
): RouteChoice {
  /** Per virtual printer, how many labels a round-robin has handed out. */
  const turns = new Map<string, number>();
  const recent = new Map<string, { at: number; report: PrinterStatusReport }>();

  const status = (printer: PrinterRecord) => configuredPrinterDriver(printer, process.env, driverOptions).status();

  async function cachedStatus(printer: PrinterRecord): Promise<PrinterStatusReport> {
    const seen = recent.get(printer.id);
    if (seen !== undefined && Date.now() - seen.at < STATUS_REUSE_MS) return seen.report;
    const report = await status(printer);
    recent.set(printer.id, { at: Date.now(), report });
    return report;
  }

  /** The routed printers that still exist in the virtual printer's team, in route order. */
  async function routed(virtual: VirtualPrinterRecord): Promise<PrinterRecord[]> {
    const printers = await Promise.all(virtual.routes.map((id) => store.printers.get(id)));
    return printers.filter((printer): printer is PrinterRecord => printer?.teamId === virtual.teamId);
  }

  async function choose(virtual: VirtualPrinterRecord, advance: boolean): Promise<PrinterRecord | undefined> {
    const printers = await routed(virtual);
    // One printer: nothing to choose, and no status read before each label.
    if (printers.length <= 1) return printers[0];
    if (virtual.pool === 'round-robin') {
      const turn = turns.get(virtual.id) ?? 0;
      if (advance) turns.set(virtual.id, turn + 1);
      return printers[turn % printers.length];
    }
    for (const printer of printers) if (isReady(await cachedStatus(printer))) return printer;
    // None ready: the first one's queue holds the label until it is (or its retries give up).
    return printers[0];
  }

  /** `job`'s labels for `printer`: as they are, written again from the received ZPL, or undefined when it cannot take them. */
  async function handover(
    job: PrintJobRecord,
    virtual: VirtualPrinterRecord,
    failed: PrinterRecord,
    printer: PrinterRecord,
  ): Promise<FailoverTarget | undefined> {
    const sameKind = printer.dpi === failed.dpi && printerDriver(printer).format === printerDriver(failed).format;
    // Only a job holding the one label received, as it came: its bytes are the ZPL the old system wrote.
    const received = job.raw && job.labelCount === 1 && job.labelsSent === 0;
    if (!received) return sameKind ? { printer } : undefined;
    const from = virtual.dpi ?? failed.dpi;
    if (!relayoutNeeded(from, printer)) return { printer };
    if (relayout === undefined) return undefined;
    try {
      const zpl = zplTextFromBytes(await store.printDocuments.read(documentFileName(job)));
      const copies = relaidCopies(zpl, printer);
      const document = await relaidDocument(relayout, zpl, from, printer, job.teamId);
      return { printer, document: { ...document, copies } };
    } catch (error) {
      // A label the other printer cannot take (refused there, over a render's limits) stays on its own printer's retries.
      if (!(error instanceof AppError)) throw error;
      logger?.warn(
        { jobId: job.id, printerId: printer.id, code: error.code, reason: error.message },
        'print job cannot fail over to this printer: its label cannot be written again for it',
      );
      return undefined;
    }
  }

  async function failover(job: PrintJobRecord, failed: PrinterRecord): Promise<FailoverTarget | undefined> {
    if (job.source?.kind !== 'virtual-printer') return undefined;
    const virtual = await store.virtualPrinters.get(job.source.virtualPrinterId);
    if (virtual === undefined) return undefined;
    // Read now, not the reused status: the job should not move to a printer that failed a moment ago too.
    for (const printer of await routed(virtual)) {
      if (printer.id === failed.id || !isReady(await status(printer))) continue;
      const target = await handover(job, virtual, failed, printer);
      if (target !== undefined) return target;
    }
    return undefined;
  }

  return {
    next: (virtual) => choose(virtual, true),
    peek: (virtual) => choose(virtual, false),
    status,
    failover,
  };
}
