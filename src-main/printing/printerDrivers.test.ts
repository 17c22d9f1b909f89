import { describe, expect, it } from 'vitest';
import type { PrinterRecord } from '../store/queries/printers';
import { printerDriver } from './printerDrivers';
import { closedPort, fakePrinter } from './printingTestSupport';

function printer(connection: PrinterRecord['connection'], settings: Partial<PrinterRecord> = {}): PrinterRecord {
  return { id: 'p1', teamId: 't1', name: 'P', connection, dpi: 203, media: null, darkness: null, speed: null, timeZone: null, allowConfigCommands: false, unprintableMargin: null, fonts: 'graphic', createdAt: 0, ...settings };
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
    await expect(printerDriver(printer({ kind: 'raw', ...fake }), { answerTimeoutMs: 100 }).status()).resolves.toMatchObject({
      reachable: true,
      state: null,
      problem: { message: 'timed out after 0.1 s waiting for ~HS answer' },
    });
    const port = await closedPort();
    await expect(printerDriver(printer({ kind: 'raw', host: '127.0.0.1', port })).status()).resolves.toMatchObject({
      reachable: false,
      state: null,
      problem: {
        message: `connection refused by 127.0.0.1:${port}: is the printer on and listening on that port?`,
        publicMessage: 'connection refused by the printer: is the printer on and listening on that port?',
      },
    });
  });

  it('takes PDF for a converting system queue and ZPL for a raw one', () => {
    expect(printerDriver(printer({ kind: 'system', queue: 'Office', rawQueue: false })).format).toBe('pdf');
    expect(printerDriver(printer({ kind: 'system', queue: 'Zebra', rawQueue: true })).format).toBe('zpl');
  });

  it('reports a missing device as unreachable, and a path that is no printer device as such', async () => {
    await expect(printerDriver(printer({ kind: 'device', path: '/dev/usb/lp97' })).status()).resolves.toMatchObject({
      reachable: false,
      problem: { message: '/dev/usb/lp97 does not exist: is the printer connected and switched on?', publicMessage: "the printer's device does not exist: is the printer connected and switched on?" },
    });
    await expect(printerDriver(printer({ kind: 'device', path: '/dev/null' })).status()).resolves.toMatchObject({ reachable: false, problem: { message: expect.stringMatching(/is not a printer's device/) } });
    await expect(printerDriver(printer({ kind: 'device', path: '/dev/null' })).print(Buffer.from('^XA^XZ'))).rejects.toMatchObject({ reason: 'not-a-device' });
  });
});
