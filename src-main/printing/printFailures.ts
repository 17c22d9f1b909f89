// Why an attempt to print failed, as a job error with a stable code, and whether trying again can help.
import type { JobError } from '../store/queries/printJobs';
import type { HostStatus } from './hostStatus';
import type { PrinterError, PrinterFailure } from './printerError';

export interface AttemptFailure {
  error: JobError;
  /** False when waiting cannot change the outcome (the spooler refused the job, no permission on the device). */
  retryable: boolean;
  /** Bytes of a label may have reached the printer before it failed: its labels may have printed. */
  delivered: boolean;
}

/**
 * The ~HS conditions under which a printer prints no label: sending waits (retries) while any of them holds. A full
 * receive buffer is not one: the printer reads on as it prints, TCP holds the sender meanwhile, and the idle timeout
 * ends a send that stops making progress.
 */
const FAULTS: { flag: keyof HostStatus; code: string; text: string }[] = [
  { flag: 'paperOut', code: 'PAPER_OUT', text: 'paper out' },
  { flag: 'ribbonOut', code: 'RIBBON_OUT', text: 'ribbon out' },
  { flag: 'headOpen', code: 'HEAD_OPEN', text: 'head open' },
  { flag: 'paused', code: 'PAUSED', text: 'paused' },
  { flag: 'overTemperature', code: 'HEAD_OVER_TEMPERATURE', text: 'print head over temperature' },
  { flag: 'underTemperature', code: 'HEAD_UNDER_TEMPERATURE', text: 'print head under temperature' },
  { flag: 'corruptRam', code: 'CORRUPT_RAM', text: 'corrupt RAM (settings lost)' },
];

const PRINTER_ERROR_CODES: Record<PrinterFailure, string> = {
  unreachable: 'PRINTER_UNREACHABLE',
  timeout: 'PRINTER_TIMEOUT',
  interrupted: 'PRINTER_INTERRUPTED',
  rejected: 'PRINTER_REJECTED',
  'bad-answer': 'PRINTER_BAD_STATUS',
  'not-a-device': 'PRINTER_NOT_A_DEVICE',
};

/** The faults a host status reports, the first one's code for the lot; undefined when the printer is ready. */
export function hostStatusFault(status: HostStatus, printerName: string): AttemptFailure | undefined {
  const found = FAULTS.filter((fault) => status[fault.flag] === true);
  const first = found[0];
  if (first === undefined) return undefined;
  return {
    error: {
      code: first.code,
      message: `printer "${printerName}" reports ${found.map((fault) => fault.text).join(', ')}`,
    },
    retryable: true,
    delivered: false,
  };
}

/** Failures that leave nothing at the printer (see PrinterFailure): no connection, a refusal, a path that is no device. */
const NOTHING_DELIVERED: ReadonlySet<PrinterFailure> = new Set(['unreachable', 'rejected', 'not-a-device']);

/**
 * The job's error names the printer, never its address: API clients read it. Waiting cannot help a refusal or a path
 * that is no device. `sending`: it failed while sending labels, not while reading the printer's status beforehand.
 */
export function printerErrorFailure(error: PrinterError, printerName: string, sending: boolean): AttemptFailure {
  const retryable = error.reason !== 'rejected' && error.reason !== 'not-a-device';
  const delivered = sending && !NOTHING_DELIVERED.has(error.reason);
  return {
    error: { code: PRINTER_ERROR_CODES[error.reason], message: `printer "${printerName}": ${error.publicMessage}` },
    retryable,
    delivered,
  };
}

/** A failure of ours rather than the printer's (the database was busy too long, say): retried like a printer fault; whether bytes went out is unknown. */
export function unexpectedFailure(error: unknown): AttemptFailure {
  return {
    error: {
      code: 'PRINT_ERROR',
      message: `sending failed: ${error instanceof Error ? error.message : String(error)}`,
    },
    retryable: true,
    delivered: true,
  };
}
