import { describe, expect, it } from 'vitest';
import { printerDriver } from './printerDrivers';
import { fakeLp } from '../../test/support/printing/fakeLp';
import { closedPort, fakePrinter, printerRecord } from '../../test/support/printing/printingTestSupport';

const printer = printerRecord;

describe('printerDriver', () => {
  it('sends a raw printer its settings format, then the document, in one connection', async () => {
    const fake = await fakePrinter();
    const driver = printerDriver(printer({ kind: 'raw', ...fake }, { darkness: 20, speed: 6 }));
    expect(driver.format).toBe('zpl');
    const job = '^XA~SD20^PR6^XZ\n^XA^FDhello^FS^XZ\n';
    await expect(driver.print(Buffer.from('^XA^FDhello^FS^XZ\n'))).resolves.toEqual({ bytes: job.length });
    expect(fake.connections.map((connection) => connection.bytes.toString())).toEqual([job]);
  });

  it("reads a raw printer's state, and reports one that cannot be reached or does not answer", async () => {
    const fake = await fakePrinter();
    fake.setState('headOpen');
    await expect(printerDriver(printer({ kind: 'raw', ...fake })).status()).resolves.toMatchObject({
      reachable: true,
      state: { headOpen: true, paperOut: false },
    });
    fake.silent(true);
    await expect(
      printerDriver(printer({ kind: 'raw', ...fake }), { answerTimeoutMs: 100 }).status(),
    ).resolves.toMatchObject({
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

  it("sends the media handling to a raw printer as ZPL, to a PDF queue as the CUPS Zebra driver's options, to a raw queue as ZPL", async () => {
    const media = {
      mediaType: 'direct-thermal',
      printMode: 'peel-off',
      mediaSensing: 'mark',
      topOffset: '1mm',
      leftOffset: '-1mm',
    } as const;
    const fake = await fakePrinter();
    await printerDriver(printer({ kind: 'raw', ...fake }, media)).print(Buffer.from('^XA^XZ\n'));
    expect(fake.connections.map((connection) => connection.bytes.toString())).toEqual([
      '^XA^MTD^MMP^MNM^LT8^LS8^XZ\n^XA^XZ\n',
    ]);
    const lp = fakeLp();
    try {
      const pdf = Buffer.from('%PDF-1.7 stand-in');
      await printerDriver(printer({ kind: 'system', queue: 'Office', rawQueue: false }, media), {
        lpCommand: lp.path,
      }).print(pdf);
      await printerDriver(printer({ kind: 'system', queue: 'Office', rawQueue: false }, { printMode: 'cutter' }), {
        lpCommand: lp.path,
      }).print(pdf);
      await printerDriver(printer({ kind: 'system', queue: 'Office', rawQueue: false }), { lpCommand: lp.path }).print(
        pdf,
      );
      await printerDriver(printer({ kind: 'system', queue: 'Zebra', rawQueue: true }, media), {
        lpCommand: lp.path,
      }).print(Buffer.from('^XA^XZ\n'));
      expect(lp.args()).toEqual([
        ['-d', 'Office', '-o', 'MediaType=Direct', '-o', 'zePrintMode=Peel', '-o', 'zeMediaTracking=Mark'],
        ['-d', 'Office', '-o', 'zePrintMode=Cutter'],
        ['-d', 'Office'],
        ['-d', 'Zebra', '-o', 'raw'],
      ]);
      // The PDF goes as rendered; the raw queue's ZPL carries the settings format, offsets included.
      expect(lp.jobs().map((job) => job.toString())).toEqual([
        '%PDF-1.7 stand-in',
        '%PDF-1.7 stand-in',
        '%PDF-1.7 stand-in',
        '^XA^MTD^MMP^MNM^LT8^LS8^XZ\n^XA^XZ\n',
      ]);
    } finally {
      lp.remove();
    }
  });

  it('reports a missing device as unreachable, and a path that is no printer device as such', async () => {
    await expect(printerDriver(printer({ kind: 'device', path: '/dev/usb/lp97' })).status()).resolves.toMatchObject({
      reachable: false,
      problem: {
        message: '/dev/usb/lp97 does not exist: is the printer connected and switched on?',
        publicMessage: "the printer's device does not exist: is the printer connected and switched on?",
      },
    });
    await expect(printerDriver(printer({ kind: 'device', path: '/dev/null' })).status()).resolves.toMatchObject({
      reachable: false,
      problem: { message: expect.stringMatching(/is not a printer's device/) },
    });
    await expect(
      printerDriver(printer({ kind: 'device', path: '/dev/null' })).print(Buffer.from('^XA^XZ')),
    ).rejects.toMatchObject({ reason: 'not-a-device' });
  });
});
