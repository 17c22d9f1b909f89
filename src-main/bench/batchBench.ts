// Large batches: 10,000 ZPL labels and a 1,000-page PDF against the same labels rendered one by one, with peak memory and the ^DF/^XF byte saving.
import { splitZplLabels, storedFormatBatch } from '../../src-shared/emit/zpl/storedFormat';
import type { OutputFormat } from '../../src-shared/render/outputFormats';
import { BATCH_LIMITS } from '../../src-shared/render/outputFormats';
import { renderLabels } from '../../src-shared/render/renderBatch';
import { renderLabel } from '../../src-shared/render/renderLabel';
import { bundledFonts } from '../fonts/bundledFonts';
import { loadSample } from '../samples/sampleTemplates';
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
    { id: 'name', type: 'text', position: { mode: 'absolute', x: '0.1in', y: '0.1in' }, width: '3.8in', height: '0.4in', contentExpression: 'name', style: { fontSize: '16pt', fontWeight: 'bold', overflow: 'shrink' } },
    { id: 'bin', type: 'text', position: { mode: 'absolute', x: '0.1in', y: '0.55in' }, width: '1.8in', height: '0.3in', contentExpression: "'Bin ' + bin", style: { fontSize: '12pt' } },
    { id: 'qty', type: 'text', position: { mode: 'absolute', x: '2.1in', y: '0.55in' }, width: '1.8in', height: '0.3in', contentExpression: "'Qty ' + qty", style: { fontSize: '12pt', textAlign: 'right' } },
    { id: 'sku', type: 'barcode', symbology: 'code128', position: { mode: 'absolute', x: '0.1in', y: '0.9in' }, width: '3.8in', height: '0.75in', contentExpression: 'sku' },
    { id: 'serial', type: 'text', position: { mode: 'absolute', x: '0.1in', y: '1.7in' }, width: '3.8in', height: '0.25in', contentExpression: "'Serial ' + counter('pick', {pad: 8})", style: { fontSize: '9pt' } },
    { id: 'frame', type: 'rect', position: { mode: 'absolute', x: '0in', y: '0in' }, width: '4in', height: '2in' },
  ],
};

function pickRecords(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => ({ name: `Widget model ${index % 97} deluxe`, bin: `A-${index % 40}-${index % 7}`, qty: (index % 12) + 1, sku: `SKU${100000 + index}` }));
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
  peakRss: number;
  documents: Uint8Array[];
}

/** Records rendered before timing, as a running server has: compiled code, parsed fonts, bwip-js loaded. */
const WARMUP_RECORDS = 1000;

/**
 * The records in requests of at most BATCH_LIMITS.maxRecords (the API's limit), in order, after a warm-up; RSS sampled
 * after every record.
 */
async function renderInRequests(template: unknown, records: Record<string, unknown>[], format: OutputFormat): Promise<BatchRun> {
  const fonts = bundledFonts();
  await renderLabels(template, records.slice(-WARMUP_RECORDS), { format, fonts });
  global.gc?.();
  let peakRss = process.memoryUsage().rss;
  const onProgress = (): void => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));
  const documents: Uint8Array[] = [];
  const start = performance.now();
  for (let from = 0; from < records.length; from += BATCH_LIMITS.maxRecords) {
    const batch = records.slice(from, from + BATCH_LIMITS.maxRecords);
    documents.push((await renderLabels(template, batch, { format, fonts, onProgress })).bytes);
    onProgress();
  }
  return { ms: performance.now() - start, peakRss, documents };
}

/** Milliseconds per label rendered alone with renderLabel (template validated, laid out and written for each). */
async function oneByOne(template: unknown, records: Record<string, unknown>[], format: OutputFormat): Promise<number> {
  const fonts = bundledFonts();
  const labels = records.slice(0, BASELINE_LABELS);
  const start = performance.now();
  for (const record of labels) await renderLabel(template, record, { format, fonts });
  return (performance.now() - start) / labels.length;
}

export async function batchBench(): Promise<void> {
  const shipping = loadSample('shipping-4x6');
  const cases = [
    { name: `zpl, ${ZPL_RECORDS} pick labels 4x2 (code128, counter)`, template: PICK_LABEL as unknown, records: pickRecords(ZPL_RECORDS), format: 'zpl' as const, targetMs: 1000 },
    { name: `zpl, ${ZPL_RECORDS} shipping-4x6 (code128 + QR each)`, template: shipping.template, records: shippingRecords(shipping.data, ZPL_RECORDS), format: 'zpl' as const, targetMs: 1000 },
    { name: `pdf, ${PDF_PAGES} pages shipping-4x6`, template: shipping.template, records: shippingRecords(shipping.data, PDF_PAGES), format: 'pdf' as const, targetMs: 10_000 },
  ];
  const rows: string[][] = [];
  const savings: string[][] = [];
  for (const { name, template, records, format, targetMs } of cases) {
    const run = await renderInRequests(template, records, format);
    const perLabel = run.ms / records.length;
    const alone = await oneByOne(template, records, format);
    rows.push([name, formatMs(run.ms), formatMs(perLabel), formatMs(alone), `${(alone / perLabel).toFixed(1)}x`, megabytes(run.peakRss), `< ${targetMs / 1000} s`, run.ms < targetMs ? 'yes' : 'no']);
    if (format !== 'zpl') continue;
    const labels = run.documents.flatMap((document) => splitZplLabels(new TextDecoder().decode(document)));
    const start = performance.now();
    const stored = storedFormatBatch(labels);
    const storeMs = performance.now() - start;
    const full = run.documents.reduce((sum, document) => sum + document.length, 0);
    const storedBytes = stored ? new TextEncoder().encode(stored.format + stored.recalls.join('')).length : full;
    savings.push([name, String(full), String(storedBytes), `${(100 * (1 - storedBytes / full)).toFixed(0)}%`, formatMs(storeMs)]);
  }
  console.log('\nBatches: whole batches (requests of 1,000 records) against the same labels rendered one by one, one thread\n');
  printTable(['batch', 'total ms', 'ms / label', 'alone ms / label', 'batch speed-up', 'rss peak MB', 'target', 'met'], rows);
  console.log('\nZPL store/recall: the batch as sent in full against one ^DF format and a ^XF recall per label\n');
  printTable(['batch', 'full bytes', 'stored format bytes', 'saved', 'storedFormatBatch ms'], savings);
}
