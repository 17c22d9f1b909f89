// The re-layout of a received label runs in the render pool: the same bytes as reading and lifting it on the caller's thread then rendering the template there, and a label that would run for seconds is stopped at the render's time limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { relayoutZpl } from '@shared/read/zpl/relayoutZpl';
import type { ZplDpi } from '@shared/render/outputFormats';
import { bundledFonts } from '../../fonts/bundledFonts';
import { TimeLimitError } from '../../render/poolWorker';
import { createRenderPool, type RenderPool } from '../../render/renderPool';
import type { PrinterRecord } from '../../store/queries/printerFields';
import { renderForPrinter } from '../printJobSubmission';
import { FREIGHT } from '../../../test/support/engine/zplImportFixtures';
import { carrierLabel } from '../../../test/support/printing/oldSystemClient';
import { printerRecord } from '../../../test/support/printing/printingTestSupport';
import { relaidDocument } from './relayoutLabel';
import { DOTS_PER_MM } from './virtualHostAnswers';

function printer(dpi: ZplDpi, connection: PrinterRecord['connection']): PrinterRecord {
  return printerRecord(connection, { name: 'dock', dpi });
}

const RAW = { kind: 'raw', host: '127.0.0.1', port: 9100 } as const;
const LASER = { kind: 'system', queue: 'Office', rawQueue: false } as const;

let pool: RenderPool;
const relayout = (job: Parameters<RenderPool['relayout']>[0]) => pool.relayout(job);

beforeAll(() => {
  pool = createRenderPool({ threads: 1 });
});

afterAll(async () => {
  await pool.close();
});

/** The document as it was made before the pool did the reading: read and lifted here, the template rendered in the pool. */
async function readHere(zpl: string, from: ZplDpi, target: PrinterRecord) {
  const relaid = relayoutZpl(zpl, {
    dpmm: DOTS_PER_MM[from],
    widthDots: Math.round(4 * from),
    heightDots: Math.round(6 * from),
    sourceDpi: from,
    targetDpi: target.dpi,
    fonts: bundledFonts(),
  });
  const rendered = await renderForPrinter((job) => pool.render(job), relaid, target);
  return { ...rendered, warnings: [...relaid.warnings, ...rendered.warnings] };
}

describe('relaidDocument', () => {
  it.each([
    ['a carrier label, 203 to 300 dpi ZPL', carrierLabel('1Z999AA10123456784'), printer(300, RAW)],
    ['a label with a graphic, 203 to 600 dpi ZPL', FREIGHT, printer(600, RAW)],
  ])('makes the same bytes and warnings in the pool as read on the caller’s thread: %s', async (_, zpl, target) => {
    const inPool = await relaidDocument(relayout, zpl, 203, target, 't1');
    const before = await readHere(zpl, 203, target);
    expect(inPool.format).toBe('zpl');
    expect(Buffer.from(inPool.bytes).toString('latin1')).toBe(Buffer.from(before.bytes).toString('latin1'));
    expect([inPool.labelCount, inPool.warnings]).toEqual([before.labelCount, before.warnings]);
  });

  it('draws the label as a PDF for a printer that takes PDF, as the template renders there', async () => {
    const target = printer(300, LASER);
    const inPool = await relaidDocument(relayout, carrierLabel('1Z999AA10123456799'), 203, target, 't1');
    const before = await readHere(carrierLabel('1Z999AA10123456799'), 203, target);
    expect(inPool.format).toBe('pdf');
    // The document's creation time is the only part that may differ between two renders.
    const dated = (bytes: Uint8Array) =>
      Buffer.from(bytes)
        .toString('latin1')
        .replace(/\(D:\d+Z\)/g, '(D:)');
    expect(dated(inPool.bytes)).toBe(dated(before.bytes));
  });

  it('stops a label that would run for seconds at the render’s time limit, and the next label re-lays out', async () => {
    const limited = createRenderPool({ threads: 1, timeoutMs: 500 });
    try {
      // 400 QR codes of 700 characters: several seconds of encoding on a warm thread (200 took 1 s), far over half a
      // second whatever the machine.
      const codes = Array.from(
        { length: 400 },
        (_, index) =>
          `^FO${(index % 4) * 200},${(Math.floor(index / 4) % 6) * 200}^BQN,2,4^FDQA,${String(index).padEnd(700, 'x')}^FS`,
      );
      const hostile = `^XA${codes.join('')}^XZ`;
      const error = await relaidDocument((job) => limited.relayout(job), hostile, 203, printer(300, RAW), 't1').then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(TimeLimitError);
      expect((error as AppError).code).toBe('RENDER_ERROR');
      const next = await relaidDocument(
        (job) => limited.relayout(job),
        carrierLabel('1Z1'),
        203,
        printer(300, RAW),
        't1',
      );
      expect(Buffer.from(next.bytes).toString('latin1')).toContain('^XA');
    } finally {
      await limited.close();
    }
  });
});
