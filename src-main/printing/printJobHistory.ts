// The print history: one page of a team's jobs, newest first, as /v1/print-jobs, the editor and `labelsmith job list` show it.
import { printJobListQuerySchema, type PrintJobPage } from '@shared/api/printRequest';
import { parseRequestBody } from '../server/requestBody';
import type { Store } from '../store/openStore';
import { printJobView } from './printJobView';

/**
 * One page of the team's jobs, newest first, filtered by the query (printer, status, template, from/to). A template is
 * named as in print requests (id, slug, <library>:<slug>); one that no longer resolves is matched by the id as given.
 */
export async function printJobPage(store: Store, teamId: string, query: object): Promise<PrintJobPage> {
  const { printer, status, template, from, to, limit, cursor } = parseRequestBody(printJobListQuerySchema, {
    ...query,
  });
  const templateId =
    template === undefined
      ? undefined
      : ((await store.templates.resolve(teamId, template, { publishedOnly: false }))?.id ?? template);
  // One more than asked: whether there is a next page, without counting.
  const jobs = await store.printJobs.list({
    teamId,
    printerId: printer,
    statuses: status,
    templateId,
    from,
    to,
    before: cursor,
    limit: limit + 1,
  });
  const page = jobs.slice(0, limit);
  const last = page.at(-1);
  return {
    printJobs: page.map(printJobView),
    nextCursor: jobs.length > limit && last !== undefined ? String(last.seq) : null,
  };
}
