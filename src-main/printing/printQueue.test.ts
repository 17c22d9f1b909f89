// The print queue against real stores and the fake ZPL printer: resuming after the last acknowledged chunk, claims between queues, a clean stop, PDF copies.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRenderPool, type RenderPool } from '../render/renderPool';
import { QuotaGate } from '../server/admission/quotaGate';
import type { Store } from '../store/openStore';
import type { ClaimOwner, PrintJobRecord } from '../store/queries/printJobs';
import type { PrinterConnection, PrinterRecord } from '../store/queries/printerFields';
import type { TeamRecord } from '../store/storeTypes';
import { openTestStore, tempDataDir, testClock } from '../../test/support/store/storeTestSupport';
import { fakeLp, type FakeLp } from '../../test/support/printing/fakeLp';
import type { FakeConnection, FakeZplPrinter } from '../../test/support/printing/fakeZplPrinter';
import { fakePrinter, rawPrinterWire, TAG } from '../../test/support/printing/printingTestSupport';
import { documentFileName, zplLabelRanges } from './printJobDocument';
import { submitPrintJob, type PrintSource } from './printJobSubmission';
import { createPrintQueue, type PrintQueue } from './printQueue';
import type { PrintQueueOptions } from './printQueueOptions';

const FAST: PrintQueueOptions = {
  retry: { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 50 },
  driver: { connectTimeoutMs: 500, answerTimeoutMs: 300, idleTimeoutMs: 1000 },
  pollMs: 20,
};

let pool: RenderPool;
beforeAll(() => {
  pool = createRenderPool({ threads: 1 });
});
afterAll(async () => {
  await pool.close();
});

const queues: PrintQueue[] = [];
const lps: FakeLp[] = [];
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  for (const lp of lps.splice(0)) lp.remove();
});

function startQueue(store: Store, options: PrintQueueOptions = {}): PrintQueue {
  const queue = createPrintQueue(store, { ...FAST, ...options });
  queues.push(queue);
  queue.start();
  return queue;
}

let printerNumber = 0;
async function addPrinter(store: Store, team: TeamRecord, connection: PrinterConnection): Promise<PrinterRecord> {
  printerNumber += 1;
  return await store.printers.create({
    teamId: team.id,
    name: `Printer ${printerNumber}`,
    connection,
    dpi: 203,
    media: null,
    darkness: null,
    speed: null,
  });
}

/** No darkness, speed or media: the printer gets the chunks' labels and nothing else. */
function rawPrinter(store: Store, team: TeamRecord, fake: FakeZplPrinter): Promise<PrinterRecord> {
  return addPrinter(store, team, { kind: 'raw', host: fake.host, port: fake.port });
}

function submit(
  store: Store,
  team: TeamRecord,
  printer: PrinterRecord,
  source: PrintSource,
  options: { copies?: number; owner?: ClaimOwner } = {},
): Promise<PrintJobRecord> {
  return submitPrintJob(
    { store, render: (job) => pool.render(job), quota: new QuotaGate(store) },
    { team, apiKeyId: null, mode: 'live', printer, copies: options.copies ?? 1, owner: options.owner, ...source },
  );
}

function jobConnections(fake: FakeZplPrinter): FakeConnection[] {
  return fake.connections.filter((connection) => connection.bytes.toString('latin1') !== '~HS');
}

/** The identity of a queue whose process has exited, as after kill -9. */
async function deadOwner(): Promise<ClaimOwner> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const pid = child.pid;
  await new Promise((resolve) => child.on('exit', resolve));
  if (pid === undefined) throw new Error('the child process did not start');
  return { token: 'a queue that died', pid, host: hostname() };
}

async function waitUntil(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function setUp(): Promise<{ dataDir: string; store: Store; team: TeamRecord }> {
  const dataDir = tempDataDir();
  const store = await openTestStore(dataDir);
  return { dataDir, store, team: await store.teams.create({ name: 'Acme', plan: 'enterprise' }) };
}

describe('the print queue', () => {
  it('resumes a job abandoned by a dead process after its last acknowledged chunk, and sends the rest once', async () => {
    const { dataDir, store, team } = await setUp();
    const fake = await fakePrinter();
    const printer = await rawPrinter(store, team, fake);
    const records = Array.from({ length: 120 }, (_, index) => ({ title: `Label ${index + 1}` }));
    const dead = await deadOwner();
    const job = await submit(store, team, printer, { template: TAG, records }, { owner: dead });
    // The dead queue had the first chunk of 50 acknowledged, and was killed before the second one's acknowledgement.
    expect(await store.printJobs.markSending(job.id, dead.token)).toBe(true);
    expect(await store.printJobs.recordProgress(job.id, dead.token, 50)).toBe(true);
    const document = await store.printDocuments.read(documentFileName(job));
    const labels = zplLabelRanges(document);
    expect(labels).toHaveLength(120);

    const queue = startQueue(store);
    expect(await queue.finished(job.id)).toMatchObject({ status: 'done', labelsSent: 120, claim: null });
    const at = (index: number): number => labels[index]?.[0] ?? -1;
    expect(jobConnections(fake).map((connection) => connection.bytes.toString())).toEqual([
      ...rawPrinterWire(document.subarray(at(50), at(100)).toString(), 50),
      ...rawPrinterWire(document.subarray(at(100)).toString(), 50),
    ]);
    await queue.stop();
    await store.close();
    expect(await (await openTestStore(dataDir)).printJobs.get(job.id)).toMatchObject({
      status: 'done',
      labelsSent: 120,
    });
  });

  it('takes a job from a queue that stopped answering only once its lease has passed on the store’s clock; that queue can record nothing after', async () => {
    const clock = testClock(Date.now());
    const store = await openTestStore(tempDataDir(), { now: clock.now });
    const team = await store.teams.create({ name: 'Acme', plan: 'enterprise' });
    const fake = await fakePrinter();
    const printer = await rawPrinter(store, team, fake);
    const records = Array.from({ length: 120 }, (_, index) => ({ title: `Label ${index + 1}` }));
    // A queue on another host (its process cannot be asked whether it lives) had the first chunk acknowledged, then
    // stopped answering, as a frozen or partitioned node does: only its heartbeat's age tells.
    const frozen: ClaimOwner = { token: 'a queue that stopped answering', pid: process.pid, host: `not-${hostname()}` };
    const job = await submit(store, team, printer, { template: TAG, records }, { owner: frozen });
    expect(await store.printJobs.markSending(job.id, frozen.token)).toBe(true);
    expect(await store.printJobs.recordProgress(job.id, frozen.token, 50)).toBe(true);
    const queue = startQueue(store, { leaseMs: 30_000 });
    // At the lease exactly the claim still holds, however many times the queue looks.
    clock.advance(30_000);
    const looked = queue.finished(job.id);
    await new Promise((resolve) => setTimeout(resolve, 10 * (FAST.pollMs ?? 20)));
    expect((await store.printJobs.get(job.id))?.claim?.token).toBe(frozen.token);
    expect(jobConnections(fake)).toEqual([]);
    // One millisecond past it, the queue takes the job over and sends the rest once.
    clock.advance(1);
    expect(await looked).toMatchObject({ status: 'done', labelsSent: 120, claim: null });
    const document = await store.printDocuments.read(documentFileName(job));
    const at = (labels: number[][], index: number): number => labels[index]?.[0] ?? -1;
    const labels = zplLabelRanges(document);
    expect(jobConnections(fake).map((connection) => connection.bytes.toString())).toEqual([
      ...rawPrinterWire(document.subarray(at(labels, 50), at(labels, 100)).toString(), 50),
      ...rawPrinterWire(document.subarray(at(labels, 100)).toString(), 50),
    ]);
    // Woken up, the old queue's token holds nothing: its progress is refused.
    expect(await store.printJobs.recordProgress(job.id, frozen.token, 100)).toBe(false);
    await queue.stop();
    await store.close();
  });

  it('sends every job once, in submission order per printer, when two queues share the data directory', async () => {
    const { dataDir, store, team } = await setUp();
    const other = await openTestStore(dataDir);
    const fakes = [await fakePrinter(), await fakePrinter()];
    const printers = await Promise.all(fakes.map((fake) => rawPrinter(store, team, fake)));
    const senders = new Map<string, string[]>();
    const track = (name: string) => (progress: { jobId: string }) =>
      senders.set(progress.jobId, [...(senders.get(progress.jobId) ?? []), name]);
    const first = startQueue(store, { onProgress: track('first') });
    startQueue(other, { onProgress: track('second') });
    const jobs: PrintJobRecord[] = [];
    for (let index = 0; index < 8; index += 1) {
      const printer = printers[index % 2];
      if (printer) jobs.push(await submit(store, team, printer, { template: TAG, data: { title: `Job ${index}` } }));
    }
    for (const job of jobs) expect(await first.finished(job.id)).toMatchObject({ status: 'done' });
    // One acknowledgement per job, by whichever queue claimed it.
    expect([...senders.values()].map((names) => names.length)).toEqual(jobs.map(() => 1));
    fakes.forEach((fake, printerIndex) => {
      const titles = jobConnections(fake).map(
        (connection) => /\^FDJob (\d)\^FS/.exec(connection.bytes.toString())?.[1],
      );
      expect(titles).toEqual(printerIndex === 0 ? ['0', '2', '4', '6'] : ['1', '3', '5', '7']);
    });
  });

  it('leaves a job claimed by a live queue to it: the CLI’s own job is never sent by the server’s queue, nor the server’s by the CLI', async () => {
    const { dataDir, store, team } = await setUp();
    const fake = await fakePrinter();
    const printer = await rawPrinter(store, team, fake);
    const senders: Record<string, string> = {};
    const cliQueue = startQueue(store, { ownJobsOnly: true, onProgress: ({ jobId }) => (senders[jobId] = 'cli') });
    const serverQueue = startQueue(await openTestStore(dataDir), {
      onProgress: ({ jobId }) => (senders[jobId] = 'server'),
    });
    const own = await submit(
      store,
      team,
      printer,
      { template: TAG, data: { title: 'Job 1' } },
      { owner: cliQueue.owner },
    );
    const unclaimed = await submit(store, team, printer, { template: TAG, data: { title: 'Job 2' } });
    expect(await cliQueue.finished(own.id)).toMatchObject({ status: 'done' });
    expect(await serverQueue.finished(unclaimed.id)).toMatchObject({ status: 'done' });
    expect(senders).toEqual({ [own.id]: 'cli', [unclaimed.id]: 'server' });
    expect(jobConnections(fake).map((connection) => /\^FDJob (\d)\^FS/.exec(connection.bytes.toString())?.[1])).toEqual(
      ['1', '2'],
    );
  });

  it('stops between attempts without losing the job: its claim is released and the next queue prints it once', async () => {
    const { dataDir, store, team } = await setUp();
    const fake = await fakePrinter();
    fake.setState('paperOut');
    const printer = await rawPrinter(store, team, fake);
    const job = await submit(store, team, printer, { template: TAG, data: { title: 'Kept' } });
    const queue = startQueue(store, { retry: { maxAttempts: 1000, baseDelayMs: 20, maxDelayMs: 20 } });
    await waitUntil(async () => (await store.printJobs.get(job.id))?.lastError?.code === 'PAPER_OUT');
    await queue.stop();
    expect(await store.printJobs.get(job.id)).toMatchObject({
      status: 'sending',
      labelsSent: 0,
      claim: null,
      error: null,
    });
    expect(readdirSync(join(dataDir, 'print-jobs'))).toEqual([documentFileName(job)]);
    expect(jobConnections(fake)).toEqual([]);

    fake.setState('ready');
    const next = startQueue(await openTestStore(dataDir));
    expect(await next.finished(job.id)).toMatchObject({ status: 'done', labelsSent: 1 });
    expect(jobConnections(fake)).toHaveLength(1);
    expect(jobConnections(fake)[0]?.bytes.toString()).toContain('^FDKept^FS');
    // Ended, the document stays for reprints, counted in the team's storage.
    expect(readdirSync(join(dataDir, 'print-jobs'))).toEqual([documentFileName(job)]);
    expect((await store.printJobs.get(job.id))?.documentBytes).toBe(
      statSync(join(dataDir, 'print-jobs', documentFileName(job))).size,
    );
  });

  it('sends a PDF job to a converting system queue as one lp job per copy, each the whole document', async () => {
    const { store, team } = await setUp();
    const lp = fakeLp();
    lps.push(lp);
    const printer = await addPrinter(store, team, { kind: 'system', queue: 'Office', rawQueue: false });
    const job = await submit(
      store,
      team,
      printer,
      { template: TAG, records: [{ title: 'a' }, { title: 'b' }, { title: 'c' }] },
      { copies: 2 },
    );
    expect(job).toMatchObject({ format: 'pdf', labelCount: 3, copies: 2 });
    const pdf = await store.printDocuments.read(documentFileName(job));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const queue = startQueue(store, { driver: { lpCommand: lp.path } });
    expect(await queue.finished(job.id)).toMatchObject({ status: 'done', labelsSent: 6 });
    expect(lp.args()[0]).toEqual(['-d', 'Office']);
    expect(lp.jobs().map((sent) => sent.equals(pdf))).toEqual([true, true]);
  });
});
