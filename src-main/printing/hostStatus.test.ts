import { describe, expect, it } from 'vitest';
import { hostStatusAnswer } from '../../test/support/printing/fakeZplPrinter';
import { formatHostStatus, hostStatusFrames, parseHostStatus, queryHostStatus } from './hostStatus';
import { PrinterError } from './printerError';
import { closedPort, fakePrinter } from '../../test/support/printing/printingTestSupport';

// A ZT410's answer as it comes off the wire: media out, paused, 2 formats waiting, thermal transfer, tear-off.
const ZT410_MEDIA_OUT =
  '\x02030,1,1,1218,002,0,0,0,000,0,0,0\x03\r\n\x02001,0,0,0,1,2,6,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n';

describe('parseHostStatus', () => {
  it('reads every field of the three strings', () => {
    const frames = hostStatusFrames(Buffer.from(ZT410_MEDIA_OUT, 'latin1'));
    expect(frames).toEqual(['030,1,1,1218,002,0,0,0,000,0,0,0', '001,0,0,0,1,2,6,0,00000000,1,000', '1234,0']);
    expect(parseHostStatus(frames)).toEqual({
      communicationSettings: 30,
      paperOut: true,
      paused: true,
      labelLengthDots: 1218,
      labelsInBuffer: 2,
      bufferFull: false,
      diagnosticMode: false,
      partialFormat: false,
      corruptRam: false,
      underTemperature: false,
      overTemperature: false,
      functionSettings: 1,
      headOpen: false,
      ribbonOut: false,
      thermalTransfer: true,
      printMode: 'tear-off',
      printWidthMode: '6',
      labelWaiting: false,
      labelsRemainingInBatch: 0,
      graphicsStored: 0,
      password: '1234',
      staticRamInstalled: false,
    });
  });

  it('reads head up, ribbon out and buffer full, and keeps extra fields of newer firmware out of the way', () => {
    const status = parseHostStatus([
      '030,0,0,0812,125,1,0,1,000,0,0,1,9,9',
      '001,0,1,1,0,K,6,1,00000042,1,003',
      '0000,1',
    ]);
    expect(status).toMatchObject({
      bufferFull: true,
      labelsInBuffer: 125,
      partialFormat: true,
      overTemperature: true,
      headOpen: true,
      ribbonOut: true,
      printMode: 'kiosk',
      labelWaiting: true,
      labelsRemainingInBatch: 42,
      graphicsStored: 3,
      staticRamInstalled: true,
    });
  });

  it('refuses a short or garbled answer, naming what is wrong', () => {
    expect(() => parseHostStatus(['030,0,0,1218,000,0,0,0,000,0,0,0'])).toThrow('~HS string 2 has not arrived');
    expect(() => parseHostStatus(['030,0,0', '', ''])).toThrow('~HS string 1 has 3 fields, expected 12');
    const one = '030,0,0,1218,000,0,0,0,000,0,0,0';
    const two = '001,0,0,0,1,2,4,0,00000000,1,000';
    // String 3 leads with the password: API clients get the problem without what the printer sent.
    expect(() => parseHostStatus([one, two, '1234'])).toThrow(
      expect.objectContaining({
        message: '~HS string 3 has 1 fields, expected 2: "1234"',
        publicMessage: '~HS string 3 has 1 fields, expected 2',
      }),
    );
    expect(() =>
      parseHostStatus(['030,2,0,1218,000,0,0,0,000,0,0,0', '001,0,0,0,1,2,6,0,00000000,1,000', '1234,0']),
    ).toThrow('~HS flag paper out is not 0 or 1: "2"');
    expect(() =>
      parseHostStatus(['030,0,0,12x8,000,0,0,0,000,0,0,0', '001,0,0,0,1,2,6,0,00000000,1,000', '1234,0']),
    ).toThrow(PrinterError);
  });

  it('writes an answer back byte for byte as the printer sent it (what a virtual printer answers)', () => {
    const parsed = parseHostStatus(hostStatusFrames(Buffer.from(ZT410_MEDIA_OUT, 'latin1')));
    expect(formatHostStatus(parsed)).toBe(ZT410_MEDIA_OUT);
  });

  it('finds frames across CR LF and ignores an unterminated tail', () => {
    expect(hostStatusFrames(Buffer.from('junk\x02a,b\x03\r\n\x02c\x03\r\n\x02d,e', 'latin1'))).toEqual(['a,b', 'c']);
  });
});

describe('queryHostStatus over TCP', () => {
  it.each([
    ['ready', {}],
    ['paperOut', { paperOut: true }],
    ['headOpen', { headOpen: true }],
    ['paused', { paused: true }],
    ['ribbonOut', { ribbonOut: true }],
    ['bufferFull', { bufferFull: true, labelsInBuffer: 12 }],
  ] as const)('reports a %s printer', async (state, flags) => {
    const printer = await fakePrinter();
    printer.setState(state);
    const status = await queryHostStatus(printer);
    expect(status).toMatchObject({
      paperOut: false,
      headOpen: false,
      paused: false,
      ribbonOut: false,
      bufferFull: false,
      labelsInBuffer: 0,
      ...flags,
    });
    expect(printer.connections[0]?.bytes.toString()).toBe('~HS');
  });

  it('answers an unreachable printer fast with a clear error', async () => {
    const port = await closedPort();
    const started = Date.now();
    await expect(queryHostStatus({ host: '127.0.0.1', port })).rejects.toThrow(
      `connection refused by 127.0.0.1:${port}`,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives up on a printer that never answers within the bound', async () => {
    const printer = await fakePrinter();
    printer.silent(true);
    const started = Date.now();
    await expect(queryHostStatus(printer, { answerTimeoutMs: 300 })).rejects.toThrow(
      'timed out after 0.3 s waiting for ~HS answer',
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1000);
  });

  it('fails when the printer hangs up before its answer is complete', async () => {
    const printer = await fakePrinter();
    printer.closeAfterBytes(2);
    await expect(queryHostStatus(printer)).rejects.toMatchObject({ reason: 'interrupted' });
  });

  it("the answer the fake sends is the manual's layout", () => {
    expect(hostStatusAnswer('ready')).toBe(
      '\x02030,0,0,1218,000,0,0,0,000,0,0,0\x03\r\n\x02001,0,0,0,1,2,6,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n',
    );
  });
});
