// Benchmark of printer truth for text: the parcel label's ZPL size and render time with its texts as ^A0 ("Printer 0"), as graphics and with downloaded fonts.
import { renderLabel } from '@shared/render/renderLabel';
import { renderLabels } from '@shared/render/renderBatch';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { loadSample } from '@main/samples/sampleTemplates';
import { formatMs, measure, printTable, type Timing } from './measure';
import { inPrinterFont0 } from './inPrinterFont0';

const ITERATIONS = 200;
/** A print run: the same template with a different recipient on each label. */
const BATCH_LABELS = 100;
const BATCH_ITERATIONS = 10;

interface Variant {
  name: string;
  template: unknown;
  zplFonts: 'graphic' | 'download';
}

interface Row {
  name: string;
  bytes: number;
  timing: Timing;
  batchBytes: number;
  batch: Timing;
}

export async function zplTextBench(): Promise<void> {
  const fonts = bundledFonts();
  const sample = loadSample('shipping-4x6');
  const data = sample.data as Record<string, unknown>;
  const records = Array.from({ length: BATCH_LABELS }, (_, index) => ({
    ...data,
    recipient: { ...(data.recipient as object), name: `Recipient ${index + 1}` },
    tracking: `LS${100000 + index}GB`,
  }));
  const variants: Variant[] = [
    { name: '^A0 ("Printer 0")', template: inPrinterFont0(sample.template), zplFonts: 'graphic' },
    { name: 'graphic text (default)', template: sample.template, zplFonts: 'graphic' },
    { name: 'downloaded fonts (~DY + ^A@)', template: sample.template, zplFonts: 'download' },
  ];
  const rows: Row[] = [];
  for (const variant of variants) {
    const options = { format: 'zpl' as const, zplDpi: 203 as const, zplFonts: variant.zplFonts, fonts };
    const one = () => renderLabel(variant.template, data, options);
    const many = () => renderLabels(variant.template, records, options);
    rows.push({
      name: variant.name,
      bytes: (await one()).bytes.length,
      timing: await measure(ITERATIONS, one),
      batchBytes: (await many()).bytes.length,
      batch: await measure(BATCH_ITERATIONS, many, 2),
    });
  }
  const [base] = rows;
  if (!base) return;
  console.log(
    `\nZPL text: ${sample.name} at 203 dpi, one label (p50 of ${ITERATIONS}) and ${BATCH_LABELS} labels in one document (p50 of ${BATCH_ITERATIONS}), ratios to ^A0 in this process\n`,
  );
  printTable(
    [
      'text as',
      'label bytes',
      'x ^A0',
      'label p50 ms',
      'x ^A0',
      `${BATCH_LABELS} labels bytes`,
      'x ^A0',
      `${BATCH_LABELS} labels p50 ms`,
      'x ^A0',
    ],
    rows.map((row) => [
      row.name,
      String(row.bytes),
      `${(row.bytes / base.bytes).toFixed(1)}x`,
      formatMs(row.timing.p50),
      `${(row.timing.p50 / base.timing.p50).toFixed(1)}x`,
      String(row.batchBytes),
      `${(row.batchBytes / base.batchBytes).toFixed(1)}x`,
      formatMs(row.batch.p50),
      `${(row.batch.p50 / base.batch.p50).toFixed(1)}x`,
    ]),
  );
}
