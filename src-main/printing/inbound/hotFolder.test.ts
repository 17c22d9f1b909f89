// `labelsmith watch` as a real process on a real folder: files written slowly print once whole, data files become template jobs, bad ones go to failed/ with the reason, and a kill -9 mid-folder prints no file twice.
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import { QuotaGate } from '../../server/admission/quotaGate';
import { openStore, type Store, type StoreScope } from '../../store/openStore';
import { submitRawZplJob } from '../rawZplSubmission';
import type { PrintJobRecord } from '../../store/queries/printJobs';
import type { FakeZplPrinter } from '../../../test/support/printing/fakeZplPrinter';
import { fakePrinter, TAG } from '../../../test/support/printing/printingTestSupport';
import { startWatch, type WatchProcess } from '../../../test/support/printing/watchProcess';
import { bundleForTests, SOURCE_ENTRIES } from '../../../test/support/cli/bundleForTests';
import { cli, cliJson, makeDataDir, removeDataDir, type CliTeam } from '../../../test/support/server/serverTestSupport';
import { testDatabase } from '../../../test/support/store/storeTestSupport';

let dataDir: string;
let team: CliTeam;
let cliFile: string;
let bundleDir: string;
const watches: WatchProcess[] = [];
const folders: string[] = [];

beforeAll(async () => {
  dataDir = await makeDataDir();
  team = await cli(dataDir).createTeam({ name: 'Warehouse' });
  await cli(dataDir).importTemplate(team.id, TAG, { slug: 'tag' });
  // The CLI and its render worker, as build:node lays them out (out/ is rebuilt by other work meanwhile).
  bundleDir = await bundleForTests(
    { 'cli/labelsmith': SOURCE_ENTRIES.cli, 'render/renderWorker': SOURCE_ENTRIES.renderWorker },
    'labelsmith-hot-folder-cli-',
  );
  cliFile = join(bundleDir, 'cli', 'labelsmith.mjs');
});

afterAll(async () => {
  await Promise.all(watches.map((watch) => watch.kill9()));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  await removeDataDir(dataDir);
  await rm(bundleDir, { recursive: true, force: true });
});

let printers = 0;
async function printerAndFolder(): Promise<{ fake: FakeZplPrinter; name: string; folder: string }> {
  const fake = await fakePrinter();
  printers += 1;
  const name = `packing-${printers}`;
  const args = ['printer', 'add', '--team', team.id, '--name', name, '--kind', 'raw', '--host', fake.host];
  await cliJson(dataDir, z.looseObject({ id: z.string() }), [...args, '--port', String(fake.port)]);
  const folder = await mkdtemp(join(tmpdir(), 'labelsmith-hot-folder-'));
  folders.push(folder);
  return { fake, name, folder };
}

async function watch(folder: string, args: string[]): Promise<WatchProcess> {
  const started = await startWatch(cliFile, dataDir, folder, ['--team', team.id, '--poll-ms', '50', ...args]);
  watches.push(started);
  return started;
}

/** The team's jobs from the folder, oldest first, read from the database once nothing else has it open. */
async function folderJobs(folder: string): Promise<PrintJobRecord[]> {
  const store: Store = await openStore(dataDir, await testDatabase(dataDir));
  try {
    const jobs = await store.printJobs.list({ teamId: team.id, limit: 200 });
    return jobs
      .filter((job) => job.source?.kind === 'hot-folder' && job.source.folder.endsWith(folder.split('/').pop() ?? ''))
      .reverse();
  } finally {
    await store.close();
  }
}

/** The bytes the fake printer took on job connections, in order (its ~HS status reads left out). */
function received(fake: FakeZplPrinter): string {
  return fake.connections
    .map((connection) => connection.bytes.toString('latin1'))
    .filter((bytes) => bytes !== '~HS')
    .join('');
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const pause = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

describe('labelsmith watch', () => {
  it('prints a slowly written CSV once, whole; JSON and ZPL files too; bad files go to failed/ with the reason', async () => {
    const { fake, name: printer, folder } = await printerAndFolder();
    const watching = await watch(folder, ['--printer', printer, '--template', 'tag', '--stable-ms', '800']);
    // A WMS writing its wave row by row: nothing may print before the last row is in.
    await writeFile(join(folder, 'a-wave.csv'), 'title\n');
    for (const row of ['Row 1', 'Row 2', 'Row 3', 'Row 4']) {
      await pause(300);
      await appendFile(join(folder, 'a-wave.csv'), `${row}\n`);
    }
    await writeFile(join(folder, 'b.zpl'), '^XA^FO20,20^A0N,30,30^FDRaw ZPL file^FS^XZ\n');
    await writeFile(join(folder, 'b.zpl.ready'), '');
    await writeFile(
      join(folder, 'c.json'),
      JSON.stringify({ template: 'tag', records: [{ title: 'J1' }, { title: 'J2' }] }),
    );
    await writeFile(join(folder, 'd.pdf'), '%PDF-1.7');
    await writeFile(join(folder, 'e.json'), JSON.stringify([{ template: 'no-such-template', title: 'x' }]));
    await watching.handled(5);

    expect(Object.fromEntries(watching.outcomes.map((outcome) => [outcome.file, outcome.status]))).toEqual({
      'a-wave.csv': 'done',
      'b.zpl': 'done',
      'c.json': 'done',
      'd.pdf': 'failed',
      'e.json': 'failed',
    });
    expect((await readdir(join(folder, 'done'))).sort()).toEqual(['a-wave.csv', 'b.zpl', 'c.json']);
    expect((await readdir(join(folder, 'failed'))).sort()).toEqual([
      'd.pdf',
      'd.pdf.error.txt',
      'e.json',
      'e.json.error.txt',
    ]);
    expect(await readFile(join(folder, 'failed', 'd.pdf.error.txt'), 'utf8')).toContain(
      'is not a file the folder prints',
    );
    expect(await readFile(join(folder, 'failed', 'e.json.error.txt'), 'utf8')).toContain(
      'the team has no template "no-such-template"',
    );
    expect((await readdir(folder)).sort()).toEqual(['done', 'failed']);

    await expect.poll(() => occurrences(received(fake), '^FDJ2^FS'), { timeout: 20_000 }).toBe(1);
    await watching.stop();
    const jobs = await folderJobs(folder);
    const rows = jobs.map((job) => [
      job.source?.kind === 'hot-folder' ? job.source.file : '',
      job.status,
      job.labelCount,
    ]);
    expect(rows.sort()).toEqual([
      ['a-wave.csv', 'done', 4],
      ['b.zpl', 'done', 1],
      ['c.json', 'done', 2],
    ]);
    const printed = received(fake);
    for (const title of ['Row 1', 'Row 2', 'Row 3', 'Row 4', 'J1', 'J2'])
      expect(occurrences(printed, `^FD${title}^FS`)).toBe(1);
    expect(occurrences(printed, '^FDRaw ZPL file^FS')).toBe(1);
  });

  it('prints each file once across a kill -9 mid-folder and a restart', async () => {
    const { fake, name: printer, folder } = await printerAndFolder();
    // The printer answers nothing at first: the jobs wait in the queue, so only the folder's own claims decide.
    fake.silent(true);
    const files = Array.from({ length: 12 }, (_, index) => `label-${String(index + 1).padStart(2, '0')}.zpl`);
    for (const file of files) await writeFile(join(folder, file), `^XA^FO20,20^A0N,30,30^FD${file}^FS^XZ\n`);
    for (const file of files) await writeFile(join(folder, `${file}.ready`), '');
    const first = await watch(folder, ['--printer', printer]);
    await first.handled(4);
    await first.kill9();

    fake.silent(false);
    const second = await watch(folder, ['--printer', printer]);
    await expect.poll(async () => (await readdir(join(folder, 'done'))).length, { timeout: 30_000 }).toBe(files.length);
    const printed = () => received(fake);
    await expect
      .poll(() => files.filter((file) => printed().includes(`^FD${file}^FS`)).length, { timeout: 60_000 })
      .toBe(files.length);
    await second.stop();

    expect((await readdir(folder)).sort()).toEqual(['done', 'failed']);
    const jobs = await folderJobs(folder);
    expect(jobs.map((job) => job.source?.kind === 'hot-folder' && job.source.file).sort()).toEqual(files);
    for (const file of files) expect(occurrences(printed(), `^FD${file}^FS`)).toBe(1);
    // In the folder's order: the files were claimed, and so queued, in name order.
    const positions = files.map((file) => printed().indexOf(`^FD${file}^FS`));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('after a crash, only moves a file whose claim committed with its job; a claim whose file had moved prints the same file again', async () => {
    const { fake, name: printer, folder } = await printerAndFolder();
    const claimed = '^XA^FO20,20^A0N,30,30^FDClaimed before the crash^FS^XZ\n';
    const movedBefore = '^XA^FO20,20^A0N,30,30^FDDropped again^FS^XZ\n';
    // What a process killed between its job's commit and the file's move leaves: the job, its claim, the file.
    const store = await openStore(dataDir, await testDatabase(dataDir));
    let jobId: string;
    try {
      const record = await store.teams.get(team.id);
      const target = (await store.printers.list(team.id)).find((candidate) => candidate.name === printer);
      if (record === undefined || target === undefined) throw new Error('the team or printer is missing');
      const claim = (name: string, bytes: string) => (trx: StoreScope, id: string) =>
        trx.hotFolderFiles.claim({ folder, name, sha256: sha256(bytes), teamId: team.id, jobId: id });
      const submission = { team: record, apiKeyId: null, mode: 'live' as const, printer: target, copies: 1 };
      const deps = { store, quota: new QuotaGate(store) };
      const source = (file: string) => ({ kind: 'hot-folder' as const, folder, file });
      jobId = (
        await submitRawZplJob(deps, {
          ...submission,
          zpl: Buffer.from(claimed),
          source: source('crash.zpl'),
          claimInCommit: claim('crash.zpl', claimed),
        })
      ).id;
      // And one killed after the move, before it recorded the move: the claim is open, the file gone.
      await submitRawZplJob(deps, {
        ...submission,
        zpl: Buffer.from(movedBefore),
        source: source('again.zpl'),
        claimInCommit: claim('again.zpl', movedBefore),
      });
    } finally {
      await store.close();
    }
    await writeFile(join(folder, 'crash.zpl'), claimed);
    await writeFile(join(folder, 'crash.zpl.ready'), '');
    const watching = await watch(folder, ['--printer', printer]);
    await watching.handled(1);
    expect(watching.outcomes[0]).toEqual({ file: 'crash.zpl', status: 'done', jobId, again: true });
    // The same name and content dropped later is a new file: it prints.
    await writeFile(join(folder, 'again.zpl'), movedBefore);
    await writeFile(join(folder, 'again.zpl.ready'), '');
    await watching.handled(2);
    expect(watching.outcomes[1]).toMatchObject({ file: 'again.zpl', status: 'done', again: false });
    await expect.poll(() => occurrences(received(fake), '^FDDropped again^FS'), { timeout: 20_000 }).toBe(2);
    await watching.stop();
    expect(occurrences(received(fake), '^FDClaimed before the crash^FS')).toBe(1);
    expect((await folderJobs(folder)).length).toBe(3);
  });
});
