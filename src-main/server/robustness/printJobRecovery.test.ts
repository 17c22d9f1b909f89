// Print jobs across stops of `labelsmith serve`: a job queued at kill -9 or SIGTERM resumes at the next start and prints once.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { FakeZplPrinter } from '../../../test/support/printing/fakeZplPrinter';
import { fakePrinter } from '../../../test/support/printing/printingTestSupport';
import { queryDatabase } from '../../../test/support/store/storeTestSupport';
import {
  adminCli,
  call,
  createTenant,
  serveProcessesForFile,
  sleep,
  tempDataDir,
  type ServeProcess,
  type Tenant,
} from '../../../test/support/server/robustnessSupport';

const { cli, serve } = serveProcessesForFile();

interface JobRow {
  status: string;
  labels_sent: number;
  attempts: number;
  claim_token: string | null;
  claim_pid: number | null;
}

async function jobRow(dataDir: string, id: string): Promise<JobRow | undefined> {
  const rows = await queryDatabase(
    dataDir,
    sql<JobRow>`SELECT status, labels_sent, attempts, claim_token, claim_pid FROM print_jobs WHERE id = ${id}`,
  );
  return rows[0];
}

/** Polls GET /v1/print-jobs/{id} until `until` holds. */
async function waitForJob(
  server: ServeProcess,
  key: string,
  id: string,
  until: (job: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  for (;;) {
    const answer = await call(server.url, `/v1/print-jobs/${id}`, { key });
    expect(answer.status, answer.text).toBe(200);
    if (answer.json && until(answer.json)) return answer.json;
    await sleep(50);
  }
}

function labelConnections(fake: FakeZplPrinter): string[] {
  return fake.connections.map((connection) => connection.bytes.toString()).filter((bytes) => bytes !== '~HS');
}

/** A tenant with a raw printer at the fake printer (no darkness, speed or media: the labels are all it gets), out of paper. */
async function setUp(): Promise<{
  dataDir: string;
  tenant: Tenant;
  fake: FakeZplPrinter;
  body: Record<string, unknown>;
}> {
  const dataDir = tempDataDir();
  const tenant = await createTenant(cli(), dataDir);
  const fake = await fakePrinter();
  fake.setState('paperOut');
  const printer = await adminCli(cli(), dataDir, [
    'printer',
    'add',
    '--team',
    tenant.teamId,
    '--name',
    'Dock',
    '--kind',
    'raw',
    '--host',
    fake.host,
    '--port',
    String(fake.port),
  ]);
  return {
    dataDir,
    tenant,
    fake,
    body: { templateId: tenant.templateId, data: { name: 'Resumed', sku: 'SKU-1' }, printerId: printer.id },
  };
}

/** Submits the job and waits until its first attempt met the paper-out printer: the job is pending, retrying. */
async function retryingJob(server: ServeProcess, tenant: Tenant, body: Record<string, unknown>): Promise<string> {
  const accepted = await call(server.url, '/v1/print', { key: tenant.key, body });
  expect(accepted.status, accepted.text).toBe(202);
  const id = String(accepted.json?.id);
  await waitForJob(
    server,
    tenant.key,
    id,
    (job) => (job.lastError as { code?: string } | undefined)?.code === 'PAPER_OUT',
  );
  return id;
}

/** After the restart with paper loaded: the job is done, and the printer got the label once. */
async function expectPrintedOnce(
  dataDir: string,
  tenant: Tenant,
  fake: FakeZplPrinter,
  id: string,
  body: Record<string, unknown>,
): Promise<void> {
  fake.setState('ready');
  const server = await serve(dataDir);
  expect(
    await waitForJob(server, tenant.key, id, (job) => job.status === 'done' || job.status === 'failed'),
  ).toMatchObject({ status: 'done', labelsSent: 1 });
  const rendered = await call(server.url, '/v1/render', {
    key: tenant.key,
    body: { templateId: body.templateId, data: body.data, format: 'zpl', zplDpi: 203, delivery: 'inline' },
  });
  expect(rendered.text).toContain('^FDResumed^FS');
  expect(labelConnections(fake)).toEqual([rendered.text]);
  // The ended job's document stays, for reprints of its labels (docs/printing.md, "Print history").
  expect(readdirSync(join(dataDir, 'print-jobs'))).toEqual([`${id}.zpl`]);
}

describe('print jobs across stops of labelsmith serve', () => {
  it('a job queued when serve is killed with SIGKILL resumes at the next start and prints once', async () => {
    const { dataDir, tenant, fake, body } = await setUp();
    const server = await serve(dataDir);
    const id = await retryingJob(server, tenant, body);
    server.child.kill('SIGKILL');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // Still claimed by the dead process: the next start sees that process is gone and takes the job at once.
    expect(await jobRow(dataDir, id)).toMatchObject({ status: 'sending', labels_sent: 0, claim_pid: server.child.pid });
    expect(labelConnections(fake)).toEqual([]);
    await expectPrintedOnce(dataDir, tenant, fake, id, body);
  });

  it('SIGTERM stops the queue without losing the job: exit 0, the claim released, printed once at the next start', async () => {
    const { dataDir, tenant, fake, body } = await setUp();
    const server = await serve(dataDir);
    const id = await retryingJob(server, tenant, body);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(await jobRow(dataDir, id)).toMatchObject({ status: 'sending', labels_sent: 0, claim_token: null });
    expect(readdirSync(join(dataDir, 'print-jobs'))).toEqual([`${id}.zpl`]);
    await expectPrintedOnce(dataDir, tenant, fake, id, body);
  });
});
