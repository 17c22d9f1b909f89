import { describe, expect, it } from 'vitest';
import type { PrinterRecord } from '../store/queries/printers';
import { printerDriver } from './printerDrivers';
import { closedPort, fakePrinter } from './printingTestSupport';

function printer(connection: PrinterRecord['connection'], settings: Partial<PrinterRecord> = {}): PrinterRecord {
  return { id: 'p1', teamId: 't1', name: 'P', connection, dpi: 203, media: null, darkness: null, speed: null, timeZone: null, allowConfigCommands: false, createdAt: 0, ...settings };
}

describe('printerDriver', () => {
  it('sends a raw printer its settings format, then the document, in one connection', async () => {
    const fake = await fakePrinter();
    const driver = printerDriver(printer({ kind: 'raw', ...fake }, { darkness: 20, speed: 6 }));
    expect(driver.format).toBe('zpl');
    const job = '^XA~SD20^PR6^XZ\n^XA^FDhello^FS^XZ\n';
    await expect(driver.print(Buffer.from('^XA^FDhello^FS^XZ\n'))).resolves.toEqual({ bytes: job.length });
    expect(fake.connections.map((connection) => connection.bytes.toString())).toEqual([job]);
  });

  it('reads a raw printer\'s state, and reports one that cannot be reached or does not answer', async () => {
    const fake = await fakePrinter();
    fake.setState('headOpen');
    await expect(printerDriver(printer({ kind: 'raw', ...fake })).status()).resolves.toMatchObject({ reachable: true, state: { headOpen: true, paperOut: false } });
    fake.silent(true);
    await expect(printerDriver(printer({ kind: 'raw', ...fake }), { answerTimeoutMs: 100 }).status()).resolves.toEqual({
      reachable: true,
      state: null,
      error: 'timed out after 0.1 s waiting for ~HS answer',
    });
    const port = await closedPort();
    await expect(printerDriver(printer({ kind: 'raw', host: '127.0.0.1', port })).status()).resolves.toMatchObject({ reachable: false, state: null });
  });

  it('takes PDF for a converting system queue and ZPL for a raw one', () => {
    expect(printerDriver(printer({ kind: 'system', queue: 'Office', rawQueue: false })).format).toBe('pdf');
    expect(printerDriver(printer({ kind: 'system', queue: 'Zebra', rawQueue: true })).format).toBe('zpl');
  });

  it('reports a missing device as unreachable', async () => {
    await expect(printerDriver(printer({ kind: 'device', path: '/nonexistent/usb/lp0' })).status()).resolves.toMatchObject({ reachable: false, error: expect.stringMatching(/does not exist/) });
  });
});
