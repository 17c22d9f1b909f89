// A print job's state in one line for the print dialog and the print history: waiting, how far sending got (and why it retries), done, why it failed, or cancelled.
import type { PrintJob } from '@shared/api/printRequest';

export interface JobLine {
  text: string;
  /** finished: done, failed or cancelled, nothing more will change. */
  finished: boolean;
  failed: boolean;
}

const labels = (count: number) => `${count} ${count === 1 ? 'label' : 'labels'}`;

/** How much of a job went out, as a sentence's subject and verb: "none of the 3 labels was", "1 of 6 labels was", "the label was". */
function sentOf(sent: number, total: number): string {
  if (total === 1) return sent === 0 ? 'the label was not' : 'the label was';
  if (sent === 0) return `none of the ${total} labels was`;
  return `${sent} of ${total} labels ${sent === 1 ? 'was' : 'were'}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Server messages end without a full stop, or with a question: end each as a sentence once. */
const sentence = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`);

export function printJobLine(job: PrintJob, printerName: string): JobLine {
  // A pending job that failed an attempt waits out its backoff: say why, the operator can often fix it (paper, head).
  const retrying = job.lastError ? ` Retrying after: ${sentence(job.lastError.message)}` : '';
  switch (job.status) {
    case 'queued':
      return { text: `Queued: waiting for ${printerName}.${retrying}`, finished: false, failed: false };
    case 'sending':
      return {
        text: `Sending to ${printerName}: ${job.labelsSent} of ${labels(job.totalLabels)}.${retrying}`,
        finished: false,
        failed: false,
      };
    case 'done':
      return { text: `Printed: ${labels(job.totalLabels)} sent to ${printerName}.`, finished: true, failed: false };
    case 'failed': {
      const sent =
        job.labelsSent > 0
          ? ` ${capitalised(sentOf(job.labelsSent, job.totalLabels))} sent before.`
          : ' No label was sent.';
      return {
        text: `Failed: ${sentence(job.error?.message ?? 'the printer did not take the job')}${sent}`,
        finished: true,
        failed: true,
      };
    }
    case 'cancelled':
      return {
        text: `Cancelled: ${sentOf(job.labelsSent, job.totalLabels)} sent to ${printerName}.`,
        finished: true,
        failed: true,
      };
  }
}
