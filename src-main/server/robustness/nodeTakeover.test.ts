// Three `labelsmith serve` nodes over one PostgreSQL, one S3 protocol server and one Redis: counters never hand out a value twice, and a print job whose sending node is killed with SIGKILL is taken over by another node, resumed after its last acknowledged chunk (the lease's expiry is tested on a test clock in printing/printQueue.test.ts).
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeZplPrinter } from '../../../test/support/printing/fakeZplPrinter';
import { fakePrinter, rawPrinterWire } from '../../../test/support/printing/printingTestSupport';
import { openStore, type Store } from '../../store/openStore';
import { freshDatabaseUrl } from '../../../test/support/store/postgresTestSupport';
import { redisUrl } from '../../../test/support/store/redisTestSupport';
import { bucketKeys, freshBucketUrl } from '../../../test/support/store/s3TestSupport';
import {
  adminCli,
  call,
  createTenant,
  render,
  serveProcessesForFile,
  sleep,
  smallTemplate,
  tempDataDir,
  type Tenant,
} from '../../../test/support/server/robustnessSupport';
import type { ServeProcess } from '../../../test/support/server/robustnessSupport';

const { cli, serve } = serveProcessesForFile();
const NODES = 3;
const PREFIX = 'labelsmith/site-a';
/** `labelsmith serve` sends print jobs in chunks of this many labels (DEFAULT_CHUNK_LABELS). */
const CHUNK_LABELS = 50;
/** Labels of each print job: six chunks. */
const LABELS = 6 * CHUNK_LABELS;

let bucket = '';
let tenant: Tenant;
/** The test's own view of the shared database: outcomes are read here. */
let store: Store;

beforeAll(async () => {
  bucket = await freshBucketUrl(PREFIX);
  const databaseUrl = await freshDatabaseUrl();
  // Every process the tests start (admin commands, the nodes) finds the shared backends in its environment, as an
  // operator's service units would give them; the AWS variables are set by s3TestSupport.
  process.env.LABELSMITH_DATABASE_URL = databaseUrl;
  process.env.LABELSMITH_OUTPUTS_URL = bucket;
  process.env.LABELSMITH_REDIS_URL = await redisUrl();
  tenant = await createTenant(cli(), tempDataDir());
  store = await openStore(tempDataDir(), { databaseUrl });
});

afterAll(async () => {
  await store.close();
});

function startNodes(): Promise<{ node: ServeProcess; dataDir: string }[]> {
  return Promise.all(
    Array.from({ length: NODES }, async () => {
      const dataDir = tempDataDir();
      return { node: await serve(dataDir), dataDir };
    }),
  );
}

/** smallTemplate() with a padded serial number: each label shows its counter value as six digits. */
async function importSerialTemplate(): Promise<string> {
  const template = smallTemplate('Serial tag');
  const elements = template.elements as Record<string, unknown>[];
  elements.push({
    id: 'serial',
    type: 'text',
    position: { mode: 'absolute', x: '3mm', y: '11mm' },
    width: '20mm',
    height: '6mm',
    contentExpression: 'counter("serial", {start: 1001, pad: 6})',
    style: { fontFamily: 'Printer 0' },
  });
  const file = join(tempDataDir(), 'serial.json');
  writeFileSync(file, JSON.stringify(template));
  const imported = await adminCli(cli(), tempDataDir(), [
    'template',
    'import',
    '--team',
    tenant.teamId,
    '--file',
    file,
    '--slug',
    'serial-tag',
    '--publish',
  ]);
  return String(imported.slug);
}

/** Polls `read` until `until` holds. */
async function waitFor<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    await sleep(50);
  }
}

function labelConnections(fake: FakeZplPrinter): string[] {
  return fake.connections.map((connection) => connection.bytes.toString()).filter((bytes) => bytes !== '~HS');
}

describe('three serve nodes over PostgreSQL, S3 and Redis', () => {
  it('counters never give a value twice: concurrent live renders and batches spread over the nodes take one contiguous run', async () => {
    const templateId = await importSerialTemplate();
    const nodes = (await startNodes()).map(({ node }) => node);
    const CLIENTS = 6;
    const ROUNDS = 8;
    const blocks: number[][] = [];
    const client = async (index: number): Promise<void> => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const node = nodes[(index + round) % NODES];
        if (node === undefined) throw new Error('no node');
        // 1 to 4 labels: single renders and batches, so blocks of several sizes interleave.
        const labels = 1 + ((index + 3 * round) % 4);
        const names = Array.from({ length: labels }, (_, label) => ({ name: `c${index} r${round} l${label}` }));
        const body =
          labels === 1
            ? { templateId, data: names[0], format: 'zpl', delivery: 'inline' }
            : { templateId, records: names, format: 'zpl', delivery: 'inline' };
        const answer = await render(node.url, tenant.key, body);
        expect(answer.status, answer.text).toBe(200);
        const serials = [...answer.text.matchAll(/\^FD(\d{6})\^FS/g)].map((match) => Number(match[1]));
        expect(serials).toHaveLength(labels);
        // One block per render: label i shows first + i.
        expect(serials).toEqual(serials.map((_, label) => (serials[0] ?? 0) + label));
        blocks.push(serials);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));

    const values = blocks.flat().sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: values.length }, (_, at) => 1001 + at));
    // The database's counter stands right after the last value handed out.
    expect(await store.counters.peek(tenant.teamId, { serial: { start: 1001, step: 1 } })).toEqual({
      serial: 1001 + values.length,
    });
  });

  it('a print job is sent by one node; killed with SIGKILL mid-job, another node takes it over at once and resumes after the last acknowledged chunk, reading the document from S3', async () => {
    const job = await jobInFlight();
    job.sender.node.child.kill('SIGKILL');
    expect(await job.sender.node.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // What the dead node had acknowledged: the takeover starts right after it.
    const acknowledged = (await store.printJobs.get(job.id))?.labelsSent ?? 0;
    // Nothing of its own disk is needed: the document is read from the bucket.
    rmSync(job.sender.dataDir, { recursive: true, force: true });
    await expectTakenOverAndPrinted(job, acknowledged);
  });
});

interface JobInFlight {
  id: string;
  records: Record<string, unknown>[];
  fake: FakeZplPrinter;
  /** The node holding the job's claim while it sends, and its data directory. */
  sender: { node: ServeProcess; dataDir: string };
  survivors: ServeProcess[];
}

/**
 * Three nodes and a slow printer (each chunk acknowledged 500 ms after it arrived); a job of six chunks submitted to
 * the first node, once two of its chunks are acknowledged: whichever node holds the claim is sending the third.
 */
async function jobInFlight(): Promise<JobInFlight> {
  const nodes = await startNodes();
  const fake = await fakePrinter();
  fake.acknowledgeAfter(500);
  const printer = await adminCli(cli(), tempDataDir(), [
    'printer',
    'add',
    '--team',
    tenant.teamId,
    '--name',
    `Dock ${randomUUID()}`,
    '--kind',
    'raw',
    '--host',
    fake.host,
    '--port',
    String(fake.port),
  ]);
  const records = Array.from({ length: LABELS }, (_, at) => ({ name: `Parcel ${at + 1}`, sku: `SKU-${at + 1}` }));
  const first = nodes[0]?.node;
  if (first === undefined) throw new Error('no node');
  const accepted = await call(first.url, '/v1/print', {
    key: tenant.key,
    body: { templateId: tenant.templateId, records, printerId: printer.id },
  });
  expect(accepted.status, accepted.text).toBe(202);
  const id = String(accepted.json?.id);
  expect(await bucketKeys(bucket)).toContain(`${PREFIX}/print-jobs/${id}.zpl`);
  const sending = await waitFor(
    () => store.printJobs.get(id),
    (job) => (job?.labelsSent ?? 0) >= 2 * CHUNK_LABELS,
  );
  const sender = nodes.find(({ node }) => node.child.pid === sending?.claim?.pid);
  if (sender === undefined) throw new Error(`the claim's pid ${String(sending?.claim?.pid)} is none of the nodes'`);
  return { id, records, fake, sender, survivors: nodes.filter((node) => node !== sender).map(({ node }) => node) };
}

/**
 * The job ends done, taken over by exactly one other node; the printer got every chunk in order, once, except the one
 * in flight when the sender stopped: what of it the printer got from that node (all or part of it) comes right
 * before the same chunk sent again, whole, by the node that took over, after the last acknowledged one.
 */
async function expectTakenOverAndPrinted(job: JobInFlight, acknowledged: number): Promise<void> {
  const [survivor] = job.survivors;
  if (survivor === undefined) throw new Error('no survivor');
  const done = await waitFor(
    async () => (await call(survivor.url, `/v1/print-jobs/${job.id}`, { key: tenant.key })).json,
    (answer) => answer?.status === 'done' || answer?.status === 'failed',
  );
  expect(done).toMatchObject({ status: 'done', labelsSent: LABELS, totalLabels: LABELS });
  const tookOver = (node: ServeProcess): boolean =>
    node
      .stderr()
      .split('\n')
      .some((line) => line.includes('taking over an abandoned job') && line.includes(job.id));
  expect(job.survivors.filter(tookOver)).toHaveLength(1);

  const rendered = await render(survivor.url, tenant.key, {
    templateId: tenant.templateId,
    records: job.records,
    format: 'zpl',
    zplDpi: 203,
    delivery: 'inline',
  });
  expect(rendered.status, rendered.text).toBe(200);
  const chunks = rawPrinterWire(rendered.text, CHUNK_LABELS);
  const received = labelConnections(job.fake);
  const resumedAt = acknowledged / CHUNK_LABELS;
  if (received.length === chunks.length) {
    // The stop fell between two chunks: nothing was in flight.
    expect(received).toEqual(chunks);
  } else {
    expect(received.length).toBe(chunks.length + 1);
    expect(received.filter((_, at) => at !== resumedAt)).toEqual(chunks);
    expect(chunks[resumedAt]?.startsWith(received[resumedAt] ?? '')).toBe(true);
  }
}
