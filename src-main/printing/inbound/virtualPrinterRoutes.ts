// Which of a virtual printer's routed printers takes the next label: the first ready one (failover) or each in turn (round-robin).
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
   * the job `failed` could not print; undefined for other jobs or when none is ready. Only a printer of the same
   * resolution and format: the job's document is laid out in the failed printer's dots.
   */
  failover(job: PrintJobRecord, failed: PrinterRecord): Promise<PrinterRecord | undefined>;
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

export function createRouteChoice(store: Store, driverOptions: DriverOptions = {}): RouteChoice {
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

  async function failover(job: PrintJobRecord, failed: PrinterRecord): Promise<PrinterRecord | undefined> {
    if (job.source?.kind !== 'virtual-printer') return undefined;
    const virtual = await store.virtualPrinters.get(job.source.virtualPrinterId);
    if (virtual === undefined) return undefined;
    const format = printerDriver(failed).format;
    const fits = (printer: PrinterRecord) =>
      printer.id !== failed.id && printer.dpi === failed.dpi && printerDriver(printer).format === format;
    // Read now, not the reused status: the job should not move to a printer that failed a moment ago too.
    for (const printer of (await routed(virtual)).filter(fits)) if (isReady(await status(printer))) return printer;
    return undefined;
  }

  return {
    next: (virtual) => choose(virtual, true),
    peek: (virtual) => choose(virtual, false),
    status,
    failover,
  };
}
