import { describe, expect, it } from 'vitest';
import { hostStatusAnswer, type FakePrinterState } from '../../test/support/printing/fakeZplPrinter';
import { hostStatusFrames, parseHostStatus } from './hostStatus';
import { PrinterError } from './printerError';
import { hostStatusFault, printerErrorFailure } from './printFailures';

const status = (state: FakePrinterState) => parseHostStatus(hostStatusFrames(Buffer.from(hostStatusAnswer(state))));

describe('hostStatusFault', () => {
  it('names each condition that stops printing, and lets a ready printer or a full buffer through', () => {
    expect(hostStatusFault(status('paused'), 'Dock 1')).toEqual({
      error: { code: 'PAUSED', message: 'printer "Dock 1" reports paused' },
      retryable: true,
      delivered: false,
    });
    expect(hostStatusFault(status('ribbonOut'), 'Dock 1')?.error.code).toBe('RIBBON_OUT');
    expect(hostStatusFault(status('ready'), 'Dock 1')).toBeUndefined();
    expect(hostStatusFault(status('bufferFull'), 'Dock 1')).toBeUndefined();
  });

  it('reports every fault at once, under the first one’s code', () => {
    const both = { ...status('paperOut'), headOpen: true, paused: true };
    expect(hostStatusFault(both, 'Dock 1')?.error).toEqual({
      code: 'PAPER_OUT',
      message: 'printer "Dock 1" reports paper out, head open, paused',
    });
  });
});

describe('printerErrorFailure', () => {
  it('keeps the driver’s words under a stable code, and gives up at once only on a refusal', () => {
    expect(printerErrorFailure(new PrinterError('timeout', 'timed out after 3 s'), 'Dock 1', true)).toEqual({
      error: { code: 'PRINTER_TIMEOUT', message: 'printer "Dock 1": timed out after 3 s' },
      retryable: true,
      delivered: true,
    });
    expect(printerErrorFailure(new PrinterError('interrupted', 'cut'), 'P', true)).toMatchObject({
      error: { code: 'PRINTER_INTERRUPTED' },
      retryable: true,
    });
    expect(printerErrorFailure(new PrinterError('unreachable', 'refused'), 'P', true)).toMatchObject({
      error: { code: 'PRINTER_UNREACHABLE' },
      retryable: true,
    });
    expect(printerErrorFailure(new PrinterError('rejected', 'lp exited with code 1'), 'P', true)).toMatchObject({
      error: { code: 'PRINTER_REJECTED' },
      retryable: false,
    });
  });

  it('says whether bytes of a label may have reached the printer: not when it could not connect, was refused, or failed reading ~HS', () => {
    expect(printerErrorFailure(new PrinterError('interrupted', 'cut'), 'P', true).delivered).toBe(true);
    expect(printerErrorFailure(new PrinterError('unreachable', 'refused'), 'P', true).delivered).toBe(false);
    expect(printerErrorFailure(new PrinterError('rejected', 'lp exited with code 1'), 'P', true).delivered).toBe(false);
    expect(printerErrorFailure(new PrinterError('not-a-device', 'a file'), 'P', true).delivered).toBe(false);
    expect(printerErrorFailure(new PrinterError('timeout', 'no ~HS answer'), 'P', false).delivered).toBe(false);
  });
});
