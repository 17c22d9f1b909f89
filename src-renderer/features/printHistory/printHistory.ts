// The print history page's logic, apart from React: the list query for a printer, pages joined, what each job offers (reprint, cancel), and the reprint field checked as the server checks it.
import { parseLabelSelection } from '@shared/api/labelSelection';
import type { PrintJob, PrintJobPage, PrintJobStatus } from '@shared/api/printRequest';

/** The status filter's choices: the page shows pending jobs together, as the operator thinks of them. */
export const HISTORY_FILTERS = {
  all: undefined,
  pending: ['queued', 'sending'],
  done: ['done'],
  failed: ['failed'],
  cancelled: ['cancelled'],
} as const satisfies Record<string, readonly PrintJobStatus[] | undefined>;
export type HistoryFilter = keyof typeof HISTORY_FILTERS;

export const HISTORY_PAGE_SIZE = 25;

/** The query string of GET /api/print-jobs for one printer's page of jobs. */
export function printHistoryQuery(printerId: string, filter: HistoryFilter, cursor: string | null = null): string {
  const query = new URLSearchParams({ printer: printerId, limit: String(HISTORY_PAGE_SIZE) });
  const statuses = HISTORY_FILTERS[filter];
  if (statuses !== undefined) query.set('status', statuses.join(','));
  if (cursor !== null) query.set('cursor', cursor);
  return query.toString();
}

export interface HistoryRows {
  jobs: PrintJob[];
  nextCursor: string | null;
}

/** A further (older) page after the rows shown; a job that moved between pages while they loaded is shown once. */
export function appendPage(rows: HistoryRows, page: PrintJobPage): HistoryRows {
  const shown = new Set(rows.jobs.map((job) => job.id));
  return { jobs: [...rows.jobs, ...page.printJobs.filter((job) => !shown.has(job.id))], nextCursor: page.nextCursor };
}

/** The rows with one job replaced by its newer state (after a cancel), or a new job put first (a reprint). */
export function withJob(rows: HistoryRows, job: PrintJob): HistoryRows {
  const known = rows.jobs.some((row) => row.id === job.id);
  return { ...rows, jobs: known ? rows.jobs.map((row) => (row.id === job.id ? job : row)) : [job, ...rows.jobs] };
}

export interface JobActions {
  cancel: boolean;
  reprint: boolean;
  /** Why reprint is not offered, for its tooltip. */
  reprintBlocked?: string;
}

export function jobActions(job: PrintJob): JobActions {
  const cancel = job.status === 'queued' || job.status === 'sending';
  if (job.reprintable) return { cancel, reprint: true };
  const reprintBlocked = job.countersReturned
    ? 'Its serial numbers were given back (nothing of it printed): print it again instead.'
    : 'Its labels are no longer kept: an ended job is reprintable for 7 days, while the storage budget has room.';
  return { cancel, reprint: false, reprintBlocked };
}

/** The reprint field: empty means every label; otherwise the server's own rule, so the dialog says what the server would. */
export function checkReprintLabels(
  text: string,
  job: PrintJob,
): { labels: string | undefined; count: number } | { error: string } {
  const total = job.totalLabels;
  const selection = parseLabelSelection(text.trim() === '' ? undefined : text, total);
  if (!selection.ok) return { error: selection.message };
  return { labels: text.trim() === '' ? undefined : selection.text, count: selection.numbers.length };
}

/** "12 labels" or "3 of 12 labels (reprint of 1,4-5)": what a row of the history says about its size. */
/** What a job printed, by the workspace's template names: "Parcel label v3", "Parcel label (a draft)", or an inline label or raw ZPL. */
export function jobLabelName(
  job: Pick<PrintJob, 'templateId' | 'templateVersion'>,
  names: ReadonlyMap<string, string>,
): string {
  if (job.templateId === null) return 'A label sent as it was (raw ZPL or an inline template)';
  const name = names.get(job.templateId) ?? 'A template no longer in the workspace';
  return job.templateVersion === null ? `${name} (a draft)` : `${name} v${job.templateVersion}`;
}

/** Where a job came in from when no one printed it from Labelsmith: a virtual printer and its client, or a hot folder's file. */
export function jobSource(job: Pick<PrintJob, 'source'>): string | null {
  const { source } = job;
  if (source === undefined) return null;
  return source.kind === 'virtual-printer'
    ? `Received by virtual printer “${source.name}” from ${source.client}`
    : `File “${source.file}” of the hot folder ${source.folder}`;
}

/** Whether the job's ZPL can be opened on the ZPL page: a ZPL job whose document is still kept. */
export const hasOpenableZpl = (job: Pick<PrintJob, 'format' | 'reprintable'>): boolean =>
  job.format === 'zpl' && job.reprintable;

/** Whether the job may still change: the history follows it until it ends. */
export const isPending = (job: Pick<PrintJob, 'status'>): boolean =>
  job.status === 'queued' || job.status === 'sending';

export function jobSize(job: PrintJob): string {
  const labels = `${job.totalLabels} ${job.totalLabels === 1 ? 'label' : 'labels'}`;
  return job.reprintLabels === undefined ? labels : `${labels} (reprint of labels ${job.reprintLabels})`;
}
