// Test support for the printing tests: fake printers started per test and stopped after it, and a port nothing listens on.
import { afterEveryTest } from '../fileHooks';
import { splitZplLabels } from '@shared/emit/zpl/storedFormat';
import { freePort } from '../server/freePort';
import { startFakeZplPrinter, type FakeZplPrinter } from './fakeZplPrinter';
import { withStoredFormat } from '@main/printing/printJobDocument';
import type { PrinterRecord } from '@main/store/queries/printerFields';

/** A 50x25 mm tag whose title prints in the printer's font 0 (^A0 … ^FD<title>^FS): tests find each label's title in the ZPL. */
export const TAG = {
  formatVersion: 1,
  meta: { name: 'Tag' },
  dimensions: { width: '50mm', height: '25mm' },
  elements: [
    {
      id: 'title',
      type: 'text',
      position: { mode: 'absolute', x: '2mm', y: '2mm' },
      width: '46mm',
      height: '10mm',
      content: { expression: 'data.title' },
      style: { fontFamily: 'Printer 0' },
    },
  ],
};

const running: FakeZplPrinter[] = [];
afterEveryTest(async () => {
  await Promise.all(running.splice(0).map((printer) => printer.close()));
});

export async function fakePrinter(port?: number): Promise<FakeZplPrinter> {
  const printer = await startFakeZplPrinter(port);
  running.push(printer);
  return printer;
}

/** A printer as the store gives it (203 dpi, no media, no settings) with `connection`, for code that takes a record. */
export function printerRecord(
  connection: PrinterRecord['connection'],
  settings: Partial<PrinterRecord> = {},
): PrinterRecord {
  return {
    id: 'p1',
    teamId: 't1',
    name: 'P',
    connection,
    dpi: 203,
    media: null,
    darkness: null,
    speed: null,
    timeZone: null,
    allowConfigCommands: false,
    unprintableMargin: null,
    fonts: 'graphic',
    mediaType: null,
    printMode: null,
    mediaSensing: null,
    topOffset: null,
    leftOffset: null,
    createdAt: 0,
    ...settings,
  };
}

/** A 127.0.0.1 port that was just free: bound, then released, so connecting to it is refused. */
export const closedPort = freePort;

/**
 * What a raw ZPL printer is sent for these labels in chunks of `chunkLabels`: each chunk as the queue turns it into a
 * stored format and recalls. Whether a stored format prints what the whole labels print is proven on its own, by
 * rendering both (src-shared/emit/zpl/storedFormat.test.ts); the queue's tests compare against this.
 */
export function rawPrinterWire(labelsZpl: string, chunkLabels: number): string[] {
  const labels = splitZplLabels(labelsZpl).map((label) => `${label}\n`);
  const chunks: string[] = [];
  for (let start = 0; start < labels.length; start += chunkLabels) {
    const part = labels.slice(start, start + chunkLabels);
    chunks.push(
      Buffer.from(withStoredFormat({ bytes: Buffer.from(part.join('')), labels: part.length }).bytes).toString(),
    );
  }
  return chunks;
}

/**
 * Labels that print from ZPL sent to a printer: every ^XA…^XZ format with a field, but the ones that only store a
 * format (^DF). A format without fields (the printer's settings format) prints nothing.
 */
export function printedLabels(zpl: string): number {
  const formats = splitZplLabels(zpl);
  return formats.filter((format) => !/\^DF/i.test(format) && /\^XA/i.test(format) && /\^FS/i.test(format)).length;
}
