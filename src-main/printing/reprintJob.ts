// A reprint: chosen labels of an earlier job queued again from its kept document, byte for byte: the same data, template
// version, serials and counter values, since nothing renders again and no counter moves.
import { rawZplRefusal, scanRawZpl } from '@shared/read/zpl/rawZplScan';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';
import { ConflictError, DocumentGoneError } from '@shared/api/apiErrors';
import { parseLabelSelection } from '@shared/api/labelSelection';
import { BadRequestError } from '@shared/errors';
import type { QuotaGate } from '../server/admission/quotaGate';
import { admitRenders } from '../server/admission/renderAdmission';
import type { Store } from '../store/openStore';
import type { ClaimOwner, PrintJobRecord } from '../store/queries/printJobs';
import type { KeyMode, TeamRecord } from '../store/storeTypes';
import { documentFileName, jobDocument } from './printJobDocument';
import { storePrintJob } from './printJobSubmission';
import { reprintable } from './printJobView';

export interface ReprintSubmission {
  team: TeamRecord;
  apiKeyId: string | null;
  mode: KeyMode;
  /** The job to reprint, read by id and team by the caller. */
  original: PrintJobRecord;
  /** As asked: "12-15", "1,3,5-7"; undefined: every label. */
  labels?: string;
  /** The queue that will send the reprint itself (the CLI). */
  owner?: ClaimOwner;
}

function labelsError(message: string): BadRequestError {
  return new BadRequestError(`labels: ${message}`, { errors: [{ path: 'labels', message }] });
}

/** Refuses a job whose labels cannot be printed again as they were. Checked again in the reprint's commit. */
function assertReprintable(job: PrintJobRecord): void {
  if (job.countersReturned) {
    throw new ConflictError(
      `print job "${job.id}" gave its counter values back (it printed nothing): reprinting it could print serials other labels get; print it again instead`,
    );
  }
  if (!reprintable(job)) throw new DocumentGoneError(job.id);
}

/** The bytes of the chosen labels, in the order the job prints them (copies follow one another: 1, 2, 3, 1, 2, 3). */
function chosenLabels(
  original: PrintJobRecord,
  bytes: Buffer,
  numbers: number[],
): { bytes: Uint8Array; labelCount: number; copies: number } {
  const total = original.labelCount * original.copies;
  // Everything: the document as it is, copies included.
  if (numbers.length === total) return { bytes, labelCount: original.labelCount, copies: original.copies };
  const document = jobDocument(original.format, bytes, original.labelCount, original.raw);
  const ranges = document.labels;
  // A PDF is cut only by rewriting it, and a reprint must be what was printed.
  if (ranges === undefined) throw labelsError('a PDF job (a system queue) is reprinted whole: leave labels out');
  const parts = numbers.map((number) => {
    const [start, end] = ranges[(number - 1) % original.labelCount] ?? [0, 0];
    return bytes.subarray(start, end);
  });
  return { bytes: Buffer.concat(parts), labelCount: numbers.length, copies: 1 };
}

/**
 * Queues the chosen labels of `original` on its printer as a new job with reprintOf. Its labels count as renders, as
 * any job's do (against the quota for live keys); it takes no counter values, and it marks the original as printed,
 * so the original's values are never given back after this.
 */
export async function submitReprint(
  deps: { store: Store; quota: QuotaGate },
  submission: ReprintSubmission,
): Promise<PrintJobRecord> {
  const { store, quota } = deps;
  const { team, mode, original } = submission;
  assertReprintable(original);
  const printer = await store.printers.get(original.printerId);
  if (printer?.teamId !== team.id)
    throw new ConflictError(
      `print job "${original.id}" cannot be reprinted: its printer ${original.printerId} was removed`,
    );
  const total = original.labelCount * original.copies;
  const selection = parseLabelSelection(submission.labels, total);
  if (!selection.ok) throw labelsError(selection.message);
  let bytes: Buffer;
  try {
    bytes = await store.printDocuments.read(documentFileName(original));
  } catch {
    throw new DocumentGoneError(original.id);
  }
  const chosen = chosenLabels(original, bytes, selection.numbers);
  // The caller's own ZPL is checked against the printer's setting now, not the one it was first printed under.
  const refused = original.raw ? rawZplRefusal(scanRawZpl(zplTextFromBytes(chosen.bytes)), printer) : undefined;
  if (refused !== undefined)
    throw new BadRequestError(`print job "${original.id}" cannot be reprinted: ${refused.message}`, {
      command: refused.command,
      position: refused.position,
    });
  const reservation = await admitRenders(quota, team, mode, selection.numbers.length);
  try {
    const job = {
      team,
      apiKeyId: submission.apiKeyId,
      mode,
      printer,
      copies: chosen.copies,
      templateId: original.templateId,
      reprint: { of: original.id, labels: selection.text },
    };
    // The same template version as the original: the reprinted labels are its labels.
    const document = {
      format: original.format,
      bytes: chosen.bytes,
      labelCount: chosen.labelCount,
      warnings: [],
      raw: original.raw,
      templateVersion: original.templateVersion,
    };
    return await storePrintJob(
      store,
      submission.owner === undefined ? job : { ...job, owner: submission.owner },
      document,
      selection.numbers.length,
      undefined,
      async (trx) => {
        // The original may have ended (and given its values back) while its document was read.
        const current = await trx.printJobs.get(original.id);
        if (current === undefined) throw new DocumentGoneError(original.id);
        assertReprintable(current);
        await trx.printJobs.markMaybePrinted(original.id);
      },
    );
  } finally {
    await reservation?.release();
  }
}
