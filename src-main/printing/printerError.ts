// The one error every printer driver throws: a message an operator can act on and a stable reason for retry decisions.
import { AppError } from '@shared/errors';

/**
 * unreachable: nothing was delivered (refused, no route, missing device, lp not found) and a retry may succeed;
 * timeout: the printer stopped answering; interrupted: the connection ended mid-job, so part of it may have printed;
 * rejected: the printer or spooler refused the job (lp's exit code, no permission); bad-answer: a status we cannot read;
 * not-a-device: a device printer's path is not a printer's character device, so nothing is ever written to it.
 */
export type PrinterFailure = 'unreachable' | 'timeout' | 'interrupted' | 'rejected' | 'bad-answer' | 'not-a-device';

export class PrinterError extends AppError {
  /**
   * `message` may say where the printer is (host and port, queue, device path): for the operator who configured it.
   * `publicMessage` says the same without it, for API clients, who know printers by name only.
   */
  constructor(
    readonly reason: PrinterFailure,
    message: string,
    readonly publicMessage: string = message,
  ) {
    super('PRINTER_ERROR', 502, message, { reason });
  }
}

/**
 * A PrinterError whose words name the printer's address: `words(where)` for the operator, and the same words about
 * `anonymous` (default "the printer") for API clients.
 */
export function printerErrorAt(
  reason: PrinterFailure,
  where: string,
  words: (where: string) => string,
  anonymous = 'the printer',
): PrinterError {
  return new PrinterError(reason, words(where), words(anonymous));
}

/** Seconds for messages: "3 s", "0.5 s". */
export function seconds(ms: number): string {
  return `${ms / 1000} s`;
}
