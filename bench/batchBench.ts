// Large batches: 10,000 ZPL labels and a 1,000-page PDF through the render pool against one thread and one by one, with peak memory and the ^DF/^XF byte saving.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { splitZplLabels, storedFormatBatch } from '@shared/emit/zpl/storedFormat';
import type { OutputFormat } from '@shared/render/outputFormats';
import { BATCH_LIMITS } from '@shared/render/outputFormats';
import { renderLabels } from '@shared/render/renderBatch';
import { renderLabel } from '@shared/render/renderLabel';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { createRenderPool, type RenderPool } from '@main/render/renderPool';
import { loadParcelWithLogo } from '@main/samples/sampleTemplates';
import { formatMs, printTable } from './measure';

const ZPL_RECORDS = 10_000;
const PDF_PAGES = 1_000;
/** Labels rendered one by one for the baseline: enough for a stable per-label time. */
const BASELINE_LABELS = 1_000;
const megabytes = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);

/** A warehouse pick label: product, bin, quantity, a code128 of the SKU and a serial from a counter. */
const PICK_LABEL = {
  formatVersion: 1,
  meta: { name: 'Pick label 4x2' },
  dimensions: { width: '4in', height: '2in' },
  elements: [
    {
      id: 'name',
      type: 'text',
      position: { mode: 'absolute', x: '0.1in', y: '0.1in' },
      width: '3.8in',
      height: '0.4in',
      contentExpression: 'name',
      style: { fontSize: '16pt', fontWeight: 'bold', overflow: 'shrink' },
    },
    {
      id: 'bin',
      type: 'text',
      position: { mode: 'absolute', x: '0.1in', y: '0.55in' },
      width: '1.8in',
      height: '0.3in',
      contentExpression: "'Bin ' + bin",
      style: { fontSize: '12pt' },
    },
    {
      id: 'qty',
      type: 'text',
      position: { mode: 'absolute', x: '2.1in', y: '0.55in' },
      width: '1.8in',
      height: '0.3in',
      contentExpression: "'Qty ' + qty",
      style: { fontSize: '12pt', textAlign: 'right' },
    },
    {
      id: 'sku',
      type: 'barcode',
      symbology: 'code128',
      position: { mode: 'absolute', x: '0.1in', y: '0.9in' },
      width: '3.8in',
      height: '0.75in',
      contentExpression: 'sku',
    },
    {
      id: 'serial',
      type: 'text',
      position: { mode: 'absolute', x: '0.1in', y: '1.7in' },
      width: '3.8in',
      height: '0.25in',
      contentExpression: "'Serial ' + counter('pick', {pad: 8})",
      style: { fontSize: '9pt' },
    },
    { id: 'frame', type: 'rect', position: { mode: 'absolute', x: '0in', y: '0in' }, width: '4in', height: '2in' },
  ],
};

function pickRecords(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `Widget model ${index % 97} deluxe`,
    bin: `A-${index % 40}-${index % 7}`,
    qty: (index % 12) + 1,
    sku: `SKU${100000 + index}`,
  }));
}

/** Every record its own parcel: recipient, tracking number (code128 and QR), weight and order differ. */
function shippingRecords(data: Record<string, unknown>, count: number): Record<string, unknown>[] {
  const recipient = data.recipient as Record<string, unknown>;
  return Array.from({ length: count }, (_, index) => ({
    ...data,
    recipient: { ...recipient, name: `Customer ${index}`, street: `${index % 300} Market Street` },
    tracking: `LS${String(1_000_000_000 + index)}GB`,
    weightKg: 0.5 + (index % 40) / 4,
    order: `A-${20000 + index}`,
  }));
}

interface BatchRun {
  ms: number;
  /** CPU of the whole process (every thread) during the run. */
  cpuMs: number;
  /** CPU of each thread during the run by thread id, from /proc (Linux): the main thread's id is the process's. */
  threadCpuMs: Map<number, number>;
  /** The process's resident set: the main thread and the pool's worker threads share it. */
  peakRss: number;
  documents: Uint8Array[];
}

/** Records rendered before timing, as a running server has: compiled code, parsed fonts, bwip-js loaded. */
const WARMUP_RECORDS = 1000;
/** Warm-up requests per thread: after one, a pool thread still took 1.5-2x its steady time on the next (JIT). */
const WARMUP_ROUNDS = 3;
/** How often the peak RSS is sampled while the pool renders (this thread is free then). */
const RSS_SAMPLE_MS = 5;

/** The records in requests of at most BATCH_LIMITS.maxRecords (the API's limit), in order. */
function requests(records: Record<string, unknown>[]): Record<string, unknown>[][] {
  const chunks: Record<string, unknown>[][] = [];
  for (let from = 0; from < records.length; from += BATCH_LIMITS.maxRecords)
    chunks.push(records.slice(from, from + BATCH_LIMITS.maxRecords));
  return chunks;
}

const TASKS = '/proc/self/task';

/** CPU milliseconds each thread of this process has used (utime + stime, 10 ms ticks); empty without /proc. */
function threadCpuMs(): Map<number, number> {
  const used = new Map<number, number>();
  if (!existsSync(TASKS)) return used;
  for (const tid of readdirSync(TASKS)) {
    try {
      const stat = readFileSync(`${TASKS}/${tid}/stat`, 'latin1');
      // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return used;
}

/**
 * The main thread's CPU and the busiest `count` other threads' (the pool's render threads), ms: on a machine other
 * work shares, wall times stretch several fold while these move far less. The busiest render thread's CPU is about
 * the wall time the run would take on idle cores.
 */
function threadShares(run: BatchRun, count: number): string {
  const main = run.threadCpuMs.get(process.pid) ?? 0;
  const others = [...run.threadCpuMs]
    .filter(([tid]) => tid !== process.pid)
    .map(([, ms]) => ms)
    .sort((a, b) => b - a)
    .slice(0, count);
  return [main, ...others].map((ms) => ms.toFixed(0)).join(' / ');
}

/**
 * Times `run` after a collection and records the peak RSS: sampled on a timer, and whenever `run` calls sample (a
 * render on this thread keeps the timer from firing).
 */
async function timedRun(run: (sample: () => void) => Promise<Uint8Array[]>): Promise<BatchRun> {
  global.gc?.();
  let peakRss = process.memoryUsage().rss;
  const sample = (): void => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));
  const timer = setInterval(sample, RSS_SAMPLE_MS);
  const threadsAtStart = threadCpuMs();
  const cpuAtStart = process.cpuUsage();
  const start = performance.now();
  try {
    const documents = await run(sample);
    const ms = performance.now() - start;
    const { user, system } = process.cpuUsage(cpuAtStart);
    const threadCpu = new Map(
      [...threadCpuMs()].map(([tid, used]) => [tid, used - (threadsAtStart.get(tid) ?? 0)] as [number, number]),
    );
    sample();
    return { ms, cpuMs: (user + system) / 1000, threadCpuMs: threadCpu, peakRss, documents };
  } finally {
    clearInterval(timer);
  }
}

/** The current direct path: the requests one after another on this thread, after a warm-up; RSS sampled after every record. */
async function oneThread(
  template: unknown,
  records: Record<string, unknown>[],
  format: OutputFormat,
): Promise<BatchRun> {
  const fonts = bundledFonts();
  for (let round = 0; round < WARMUP_ROUNDS; round++)
    await renderLabels(template, records.slice(-WARMUP_RECORDS), { format, fonts });
  return timedRun(async (onProgress) => {
    const documents: Uint8Array[] = [];
    for (const batch of requests(records))
      documents.push((await renderLabels(template, batch, { format, fonts, onProgress })).bytes);
    return documents;
  });
}

/**
 * The server's path: every request sent at once to the render pool, as a client or the print CLI sending a large
 * batch would, after warm-up requests on every thread.
 */
async function inPool(
  pool: RenderPool,
  template: unknown,
  records: Record<string, unknown>[],
  format: OutputFormat,
): Promise<BatchRun> {
  const warmup = records.slice(-WARMUP_RECORDS);
  for (let round = 0; round < WARMUP_ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: pool.stats().threads }, () => pool.render({ template, records: warmup, format })),
    );
  }
  return timedRun(async () => {
    const results = await Promise.all(
      requests(records).map((batch) => pool.render({ template, records: batch, format })),
    );
    return results.map((result) => result.bytes);
  });
}

/** Milliseconds per label rendered alone with renderLabel (template validated, laid out and written for each). */
async function oneByOne(template: unknown, records: Record<string, unknown>[], format: OutputFormat): Promise<number> {
  const fonts = bundledFonts();
  const labels = records.slice(0, BASELINE_LABELS);
  const start = performance.now();
  for (const record of labels) await renderLabel(template, record, { format, fonts });
  return (performance.now() - start) / labels.length;
}

/** The bytes of a ZPL batch sent in full against one ^DF stored format and a ^XF recall per label. */
function storedFormatSaving(name: string, documents: Uint8Array[]): string[] {
  const labels = documents.flatMap((document) => splitZplLabels(new TextDecoder().decode(document)));
  const start = performance.now();
  const stored = storedFormatBatch(labels);
  const storeMs = performance.now() - start;
  const full = documents.reduce((sum, document) => sum + document.length, 0);
  const storedBytes = stored ? new TextEncoder().encode(stored.format + stored.recalls.join('')).length : full;
  return [
    name,
    String(full),
    String(storedBytes),
    `${(100 * (1 - storedBytes / full)).toFixed(0)}%`,
    formatMs(storeMs),
  ];
}

/** The first 16 hex digits of the SHA-256 of a run's documents: equal digits, byte-identical outputs. */
function outputHash(documents: Uint8Array[]): string {
  const hash = createHash('sha256');
  for (const document of documents) hash.update(document);
  return hash.digest('hex').slice(0, 16);
}

/**
 * LABELSMITH_BATCH_CASES=shipping-zpl (a comma-separated list of case keys: pick-zpl, shipping-zpl, shipping-pdf) runs
 * only those cases; LABELSMITH_BATCH_PATHS=pool,thread (of pool, thread, alone) only those paths. Unset: all of them.
 */
function chosen(variable: string, keys: readonly string[]): Set<string> {
  const value = process.env[variable];
  if (value === undefined || value === '') return new Set(keys);
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !keys.includes(name));
  if (unknown.length > 0) throw new Error(`${variable}: unknown ${unknown.join(', ')}; choose from ${keys.join(', ')}`);
  return new Set(names);
}

export async function batchBench(): Promise<void> {
  // The parcel label with its logo, as the request path's target has it: 10,000 as zpl with its texts as graphics (the
  // default) in under 3 s. An earlier target of 1 s was for texts in the printer's font 0.
  const shipping = loadParcelWithLogo();
  const allCases = [
    {
      key: 'pick-zpl',
      name: `zpl, ${ZPL_RECORDS} pick labels 4x2 (code128, counter)`,
      template: PICK_LABEL as unknown,
      records: () => pickRecords(ZPL_RECORDS),
      format: 'zpl' as const,
      targetMs: 1000,
    },
    {
      key: 'shipping-zpl',
      name: `zpl, ${ZPL_RECORDS} ${shipping.name} (code128 + QR each)`,
      template: shipping.template,
      records: () => shippingRecords(shipping.data, ZPL_RECORDS),
      format: 'zpl' as const,
      targetMs: 3000,
    },
    {
      key: 'shipping-pdf',
      name: `pdf, ${PDF_PAGES} pages ${shipping.name}`,
      template: shipping.template,
      records: () => shippingRecords(shipping.data, PDF_PAGES),
      format: 'pdf' as const,
      targetMs: 10_000,
    },
  ];
  const caseKeys = chosen(
    'LABELSMITH_BATCH_CASES',
    allCases.map((batchCase) => batchCase.key),
  );
  const paths = chosen('LABELSMITH_BATCH_PATHS', ['pool', 'thread', 'alone']);
  const cases = allCases.filter((batchCase) => caseKeys.has(batchCase.key));
  // Sized to the cores, as the server's.
  const pool = createRenderPool();
  const threads = pool.stats().threads;
  const rows: string[][] = [];
  const savings: string[][] = [];
  try {
    for (const { name, template, records: makeRecords, format, targetMs } of cases) {
      const records = makeRecords();
      const inFlight = requests(records).length;
      // The pool first, so its RSS peak is not the one this thread's renders left behind.
      const pooled = paths.has('pool') ? await inPool(pool, template, records, format) : undefined;
      const direct = paths.has('thread') ? await oneThread(template, records, format) : undefined;
      const alone = paths.has('alone') ? await oneByOne(template, records, format) : undefined;
      const perLabel = (run: BatchRun): number => run.ms / records.length;
      const target = `< ${targetMs / 1000} s`;
      const met = (run: BatchRun): string => (run.ms < targetMs ? 'yes' : 'no');
      const row = (path: string, run: BatchRun, versus: string): string[] => [
        name,
        path,
        formatMs(run.ms),
        formatMs(perLabel(run)),
        formatMs(run.cpuMs),
        threadShares(run, run === pooled ? threads : 0),
        versus,
        megabytes(run.peakRss),
        target,
        met(run),
        outputHash(run.documents),
      ];
      if (pooled)
        rows.push(
          row(
            `pool, ${threads} threads, ${inFlight} in flight`,
            pooled,
            direct ? `${(direct.ms / pooled.ms).toFixed(1)}x` : '',
          ),
        );
      if (direct) rows.push(row('one thread, requests in turn', direct, 'baseline'));
      if (alone !== undefined)
        rows.push([
          name,
          'one thread, labels one by one',
          '',
          formatMs(alone),
          '',
          '',
          direct ? `${(perLabel(direct) / alone).toFixed(1)}x` : '',
          '',
          '',
          '',
          '',
        ]);
      const documents = pooled?.documents ?? direct?.documents;
      if (format === 'zpl' && documents) savings.push(storedFormatSaving(name, documents));
    }
  } finally {
    await pool.close();
  }
  console.log(
    `\nBatches: requests of ${BATCH_LIMITS.maxRecords} records through the render pool (${threads} threads, all requests in flight) against one thread; rss and cpu are the whole process, worker threads included; sha256 of the output documents\n`,
  );
  printTable(
    [
      'batch',
      'path',
      'total ms',
      'ms / label',
      'cpu ms',
      'cpu ms: main / render threads',
      'vs one thread',
      'rss peak MB',
      'target',
      'met',
      'sha256',
    ],
    rows,
  );
  console.log('\nZPL store/recall: the batch as sent in full against one ^DF format and a ^XF recall per label\n');
  printTable(['batch', 'full bytes', 'stored format bytes', 'saved', 'storedFormatBatch ms'], savings);
}
