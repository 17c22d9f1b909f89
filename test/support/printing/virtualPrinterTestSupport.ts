// Test support for virtual printers on a test server: a quick print queue, a printer's ended jobs as the API lists them, and what a fake printer took.
import { printJobPageSchema, type PrintJob } from '@shared/api/printRequest';
import { call, type TestServer } from '../server/serverTestSupport';
import type { FakeZplPrinter } from './fakeZplPrinter';

/** A print queue that retries a failed attempt once, soon: the virtual printer tests' servers run it. */
export const QUICK_QUEUE = { retry: { maxAttempts: 2, baseDelayMs: 100, maxDelayMs: 200 }, pollMs: 50 };

/** The printer's jobs, oldest first, once `count` of them ended (listed with the team's `key`). */
export async function endedJobs(
  server: TestServer,
  key: string,
  printerId: string,
  count: number,
): Promise<PrintJob[]> {
  for (;;) {
    const page = printJobPageSchema.parse(
      (await call(server, `/v1/print-jobs?printer=${printerId}&limit=200`, { key })).json(),
    );
    const ended = page.printJobs.filter((job) => job.status !== 'queued' && job.status !== 'sending');
    if (ended.length >= count) return ended.reverse();
    await new Promise((resume) => setTimeout(resume, 50));
  }
}

/** The bytes the fake printer took on job connections, in order (its ~HS status reads left out). */
export function received(fake: FakeZplPrinter): string {
  return fake.connections
    .map((connection) => connection.bytes.toString('latin1'))
    .filter((bytes) => bytes !== '~HS')
    .join('');
}
