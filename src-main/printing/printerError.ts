// The one error every printer driver throws: a message an operator can act on and a stable reason for retry decisions.
import { AppError } from '../../src-shared/errors';

/**
 * unreachable: nothing was delivered (refused, no route, missing device, lp not found) and a retry may succeed;
 * timeout: the printer stopped answering; interrupted: the connection ended mid-job, so part of it may have printed;
 * rejected: the printer or spooler refused the job (lp's exit code, no permission); bad-answer: a status we cannot read.
 */
export type PrinterFailure = 'unreachable' | 'timeout' | 'interrupted' | 'rejected' | 'bad-answer';

export class PrinterError extends AppError {
  constructor(
    readonly reason: PrinterFailure,
    message: string,
  ) {
    super('PRINTER_ERROR', 502, message, { reason });
  }
}

/** Seconds for messages: "3 s", "0.5 s". */
export function seconds(ms: number): string {
  return `${ms / 1000} s`;
}
