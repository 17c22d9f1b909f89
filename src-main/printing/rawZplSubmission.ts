// A print job of the caller's own ZPL: checked (a ZPL printer, no configuration commands unless allowed, within the limits), counted per label and ^PQ, stored as sent.
import { PRINT_LIMITS } from '@shared/api/printRequest';
import { BadRequestError } from '@shared/errors';
import { rawZplRefusal, scanRawZpl } from '@shared/read/zpl/rawZplScan';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';
import type { QuotaGate } from '../server/admission/quotaGate';
import { admitRenders } from '../server/admission/renderAdmission';
import type { Store } from '../store/openStore';
import type { PrintJobRecord } from '../store/queries/printJobs';
import { printerDriver } from './printerDrivers';
import { storePrintJob, type PrintSubmission } from './printJobSubmission';

export interface RawZplSubmission extends Omit<PrintSubmission, 'template' | 'data' | 'records' | 'quantityField'> {
  /** The bytes to send: the API's zpl string as UTF-8, the CLI's file as it is. */
  zpl: Uint8Array;
}

/** A problem with the zpl field, as the API's validation errors name their field. */
function zplError(message: string, details: Record<string, unknown> = {}): BadRequestError {
  return new BadRequestError(`zpl: ${message}`, { errors: [{ path: 'zpl', message }], ...details });
}

/**
 * Queues `zpl` for the printer, byte for byte. Every label counts its ^PQ quantity
 * times copies as renders: admitted against the quota first (all or none), then held to the job limit.
 */
export async function submitRawZplJob(
  deps: { store: Store; quota: QuotaGate },
  submission: RawZplSubmission,
): Promise<PrintJobRecord> {
  const { store, quota } = deps;
  const { team, mode, printer, copies } = submission;
  if (printerDriver(printer).format !== 'zpl') {
    throw zplError(
      `printer "${printer.name}" takes PDF (a system queue without --raw-queue): raw ZPL cannot be printed on it`,
    );
  }
  const bytes = submission.zpl;
  // One character a byte: the scan's offsets are byte offsets, and prefixes and commands are ASCII in any code page.
  const scan = scanRawZpl(zplTextFromBytes(bytes));
  const refused = rawZplRefusal(scan, printer);
  if (refused !== undefined) throw zplError(refused.message, { command: refused.command, position: refused.position });
  const formats = scan.formats.length * copies;
  const labels = scan.formats.reduce((sum, format) => sum + format.quantity, 0) * copies;
  if (labels === 0)
    throw zplError('holds no label: no field (^FS) between ^XA and ^XZ, so the printer would print nothing');
  const reservation = await admitRenders(quota, team, mode, labels);
  try {
    if (formats > PRINT_LIMITS.maxLabels || labels > PRINT_LIMITS.maxLabels) {
      throw zplError(
        `labels × copies (each label's ^PQ quantity included) must be at most ${PRINT_LIMITS.maxLabels} per job, got ${labels}`,
      );
    }
    const document = { format: 'zpl' as const, bytes, labelCount: scan.formats.length, warnings: [], raw: true };
    return await storePrintJob(store, submission, document, labels);
  } finally {
    await reservation?.release();
  }
}
