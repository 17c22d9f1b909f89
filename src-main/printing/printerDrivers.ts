// Picks the driver for a stored printer's kind: what document it takes, how a job is sent and how status is read.
import type { PrinterRecord } from '../store/queries/printerFields';
import { checkDevice, devicePatterns, PRINTER_DEVICE_PATTERNS, writeToDevice } from './devicePrinter';
import { queryHostStatus, type HostStatus, type HostStatusOptions } from './hostStatus';
import { PrinterError } from './printerError';
import { sendRaw, type TcpTimeouts } from './rawTcpPrinter';
import { cupsMediaOptions } from './cupsMediaOptions';
import { printToQueue, type LpOptions } from './systemQueuePrinter';
import { withPrinterSettings } from './zplPrinterSettings';

export type DriverOptions = TcpTimeouts &
  HostStatusOptions &
  LpOptions & {
    /** The paths a device printer may resolve to; default the printers' own (/dev/usb/lp*, ...). */
    devicePatterns?: readonly RegExp[];
  };

export interface PrintReceipt {
  /** Bytes handed to the printer, settings format included. */
  bytes: number;
  /** The spooler's job id (system queues), when it gave one. */
  requestId?: string;
}

export interface PrinterStatusReport {
  /** null: this kind of printer has no status we can read. */
  reachable: boolean | null;
  state: HostStatus | null;
  /** What stands in the way: `message` for the operator, `publicMessage` without the printer's address for API clients. */
  problem?: { message: string; publicMessage: string };
}

export interface PrinterDriver {
  /** The document this printer takes: ZPL, or PDF for a system queue that converts it. */
  readonly format: 'zpl' | 'pdf';
  /** Sends one rendered document in `format`; ZPL gets the printer's settings format ahead of it. Throws PrinterError. */
  print(document: Uint8Array): Promise<PrintReceipt>;
  /** Never throws for a printer problem: the report says what is wrong. */
  status(): Promise<PrinterStatusReport>;
}

function failed(error: unknown): PrinterStatusReport {
  if (!(error instanceof PrinterError)) throw error;
  // Connected but no (readable) answer still means something answers at that address.
  return { reachable: error.reason !== 'unreachable', state: null, problem: error };
}

export function printerDriver(printer: PrinterRecord, options: DriverOptions = {}): PrinterDriver {
  const { connection } = printer;
  const zplJob = (document: Uint8Array) => withPrinterSettings(printer, document);
  const patterns = options.devicePatterns ?? PRINTER_DEVICE_PATTERNS;
  switch (connection.kind) {
    case 'raw':
      return {
        format: 'zpl',
        print: async (document) => {
          const job = zplJob(document);
          await sendRaw(connection, job, options);
          return { bytes: job.length };
        },
        status: () => queryHostStatus(connection, options).then((state) => ({ reachable: true, state }), failed),
      };
    case 'system':
      return {
        format: connection.rawQueue ? 'zpl' : 'pdf',
        print: async (document) => {
          // A raw queue gets the settings format as ZPL; a PDF queue what of it lp options can say (cupsMediaOptions).
          const job = connection.rawQueue ? zplJob(document) : document;
          const target = connection.rawQueue ? connection : { ...connection, jobOptions: cupsMediaOptions(printer) };
          const { requestId } = await printToQueue(target, job, options);
          return requestId === undefined ? { bytes: job.length } : { bytes: job.length, requestId };
        },
        status: () => {
          const message = 'no status is read from system queues: CUPS has it';
          return Promise.resolve({
            reachable: null,
            state: null,
            problem: { message: `${message} (lpstat -p ${connection.queue})`, publicMessage: message },
          });
        },
      };
    case 'device':
      return {
        format: 'zpl',
        print: async (document) => {
          const job = zplJob(document);
          await writeToDevice(connection.path, job, patterns);
          return { bytes: job.length };
        },
        status: async () => {
          // A device file has no status channel: present and writable is all it can tell.
          const problem = await checkDevice(connection.path, patterns);
          return problem ? { reachable: false, state: null, problem } : { reachable: true, state: null };
        },
      };
  }
}

/**
 * The driver as the app runs it: LABELSMITH_LP names another lp executable for system queues (a wrapper, or a stand-in
 * in tests), LABELSMITH_DEVICE_PATTERN one more device path. `options` sets the timeouts (the print queue's tests shorten them).
 */
export function configuredPrinterDriver(
  printer: PrinterRecord,
  env: NodeJS.ProcessEnv = process.env,
  options: DriverOptions = {},
): PrinterDriver {
  const lpCommand = env.LABELSMITH_LP;
  const configured = { ...options, devicePatterns: devicePatterns(env) };
  return printerDriver(
    printer,
    lpCommand === undefined || lpCommand === '' ? configured : { ...configured, lpCommand },
  );
}
