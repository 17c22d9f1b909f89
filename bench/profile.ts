// `npm run profile`: the parcel label with its logo through POST /v1/render, one request at a time per format, and a carrier label through the ZPL viewer, under V8's CPU profiler in the server and in its render worker; prints the top frames and the time per step.
// Options: --url (url delivery), --same-data (the sample's own data every request, a repeated label), --printer0 (every text in "Printer 0"), --only zpl,pdf (those cases; viewer names the ZPL viewer's), --save DIR (each case's profiles as .cpuprofile files, for DevTools).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BroadcastChannel } from 'node:worker_threads';
import type { OutputFormat } from '@shared/render/outputFormats';
import { WORKER_CPU_PROFILE_CHANNEL, WORKER_CPU_PROFILE_ENV } from '@main/render/workerCpuProfile';
import { loadParcelWithLogo, loadSampleZpl } from '@main/samples/sampleTemplates';
import { publishSample, startBenchServer } from './benchServer';
import { inPrinterFont0 } from './inPrinterFont0';
import { parcelOfItsOwn } from './parcelOfItsOwn';
import { formatMs, printTable } from './measure';
import { FrameSources, STEPS, summarise, type CpuProfile, type ProfileSummary } from './profileSteps';

const WARMUP = 100;
const REQUESTS = 300;
const TOP_FRAMES = 8;
/** A render of the parcel label, or (viewer) the carrier label's ZPL drawn as PNG by the Labelary-compatible viewer. */
type ProfileCase = { format: OutputFormat; dpi?: number } | { viewer: true };
const CASES: ProfileCase[] = [
  { format: 'zpl' },
  { format: 'pdf' },
  { format: 'png', dpi: 203 },
  { format: 'html' },
  { viewer: true },
];
const VIEWER_SAMPLE = 'carrier-4x6';
const VIEWER_PATH = '/v1/printers/8dpmm/labels/4x6/0/';

/**
 * The one render worker process (the pool runs one of each kind here): its pid read from /proc, where it is this
 * process's only child.
 * The profile's own tool, on Linux as the bench machine is.
 */
function workerPid(): number {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The parent pid is the 2nd field after the ')' that closes the command name.
        return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === process.pid;
      } catch {
        return false;
      }
    });
  if (children.length !== 1)
    throw new Error(`expected one render worker process, found ${children.length} child processes`);
  return Number(children[0]);
}

/**
 * Asks the pool's two workers (a process for png, a thread for the rest: see workerCpuProfile) for the samples since
 * their last cut and reads them: the case's renders ran in one of them, the other was idle.
 */
async function cutWorkerProfiles(pid: number, dir: string, channel: BroadcastChannel): Promise<CpuProfile[]> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  channel.postMessage('cut');
  for (;;) {
    const files = readdirSync(dir).filter((name) => !before.has(name));
    if (files.some((name) => name.startsWith('thread-')) && files.some((name) => name.startsWith(`${pid}-`))) {
      await sleep(50); // written in one call; give it the moment to finish
      return files.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile);
    }
    await sleep(10);
  }
}

function printSummary(title: string, summary: ProfileSummary, requests: number): void {
  console.log(`\n${title}: top self-time frames, ms a request\n`);
  printTable(
    ['frame (function, source)', 'ms'],
    summary.frames.slice(0, TOP_FRAMES).map(([name, ms]) => [name, formatMs(ms / requests)]),
  );
}

/** The value after `--name` on the command line. */
function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function main(): Promise<void> {
  const delivery = process.argv.includes('--url') ? 'url' : 'inline';
  const sameData = process.argv.includes('--same-data');
  const printer0 = process.argv.includes('--printer0');
  const only = option('--only')?.split(',');
  const cases = CASES.filter(
    (profileCase) => !only || only.includes('viewer' in profileCase ? 'viewer' : profileCase.format),
  );
  const profileDir = mkdtempSync(join(tmpdir(), 'labelsmith-profile-'));
  process.env[WORKER_CPU_PROFILE_ENV] = profileDir;
  const bench = await startBenchServer({ threads: 1 });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  const sources = new FrameSources();
  const table: string[][] = [];
  try {
    const sample = loadParcelWithLogo();
    if (printer0) sample.template = inPrinterFont0(sample.template);
    const templateId = await publishSample(bench.store, bench.teamId, sample);
    const pid = workerPid();
    const channel = new BroadcastChannel(WORKER_CPU_PROFILE_CHANNEL);
    channel.unref();
    const carrierZpl = loadSampleZpl(VIEWER_SAMPLE);
    for (const profileCase of cases) {
      let parcel = 0;
      const request = (): { path: string; body: string; contentType: string } => {
        if ('viewer' in profileCase) return { path: VIEWER_PATH, body: carrierZpl, contentType: 'text/plain' };
        // Every request a parcel of its own, as on a conveyor (see parcelOfItsOwn), unless --same-data.
        const { format, dpi } = profileCase;
        const data = sameData ? sample.data : parcelOfItsOwn(sample.data, `P${++parcel}`);
        return {
          path: '/v1/render',
          body: JSON.stringify({ templateId, data, format, ...(dpi ? { dpi } : {}), delivery }),
          contentType: 'application/json',
        };
      };
      const name =
        'viewer' in profileCase
          ? `viewer png ${VIEWER_SAMPLE}`
          : `${profileCase.format}${profileCase.dpi ? ` ${profileCase.dpi} dpi` : ''}`;
      const post = async (): Promise<number> => {
        const { path, body, contentType } = request();
        const start = performance.now();
        const answer = await fetch(`${bench.server.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bench.key}`, 'content-type': contentType },
          body,
        });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`POST ${path} (${name}): ${answer.status}`);
        return performance.now() - start;
      };
      for (let index = 0; index < WARMUP; index++) await post();
      await cutWorkerProfiles(pid, profileDir, channel);
      await session.post('Profiler.start');
      const times: number[] = [];
      for (let index = 0; index < REQUESTS; index++) times.push(await post());
      const { profile } = await session.post('Profiler.stop');
      const workerProfiles = await cutWorkerProfiles(pid, profileDir, channel);
      const save = option('--save');
      if (save !== undefined) {
        mkdirSync(save, { recursive: true });
        writeFileSync(join(save, `${name.replaceAll(' ', '-')}-server.cpuprofile`), JSON.stringify(profile));
        workerProfiles.forEach((worker, index) =>
          writeFileSync(join(save, `${name.replaceAll(' ', '-')}-worker-${index}.cpuprofile`), JSON.stringify(worker)),
        );
      }
      const server = summarise([profile as CpuProfile], sources);
      const worker = summarise(workerProfiles, sources);
      printSummary(`${name}, server process (fetch client included)`, server, REQUESTS);
      printSummary(`${name}, render worker`, worker, REQUESTS);
      times.sort((a, b) => a - b);
      const perStep = (summary: ProfileSummary) =>
        STEPS.map((step) => formatMs((summary.steps.get(step) ?? 0) / REQUESTS));
      table.push([`${name} server`, formatMs(times[Math.floor(times.length / 2)] ?? Number.NaN), ...perStep(server)]);
      table.push([`${name} worker`, '', ...perStep(worker)]);
    }
  } finally {
    await bench.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
  console.log(
    `\nParcel label with logo${printer0 ? ', texts in Printer 0' : ''}, ${sameData ? 'the same data every request' : 'a parcel of its own each request'}, ${delivery} delivery, ${REQUESTS} requests in turn after ${WARMUP} of warm-up: self CPU ms a request by step (idle excluded)\n`,
  );
  printTable(['format, process', 'p50 ms', ...STEPS], table);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
