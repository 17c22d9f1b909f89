import { describe, expect, it } from 'vitest';
import type { PrinterState, PrinterStatus } from '@shared/api/printRequest';
import { printerBadge } from './printerStatusBadge';

const READY: PrinterState = {
  paperOut: false,
  paused: false,
  headOpen: false,
  ribbonOut: false,
  bufferFull: false,
  labelsInBuffer: 0,
  overTemperature: false,
  underTemperature: false,
  corruptRam: false,
  partialFormat: false,
  labelWaiting: false,
  labelsRemainingInBatch: 0,
  printMode: 'tear-off',
  thermalTransfer: true,
};

const answered = (report: Partial<PrinterStatus>) =>
  printerBadge({
    status: 'answered',
    report: { id: 'p', reachable: true, state: READY, checkedAt: '2025-01-01T00:00:00.000Z', ...report },
  });
const withState = (state: Partial<PrinterState>) => answered({ state: { ...READY, ...state } });

describe('printer status badge', () => {
  it('says Ready for a printer with no flag set, with the labels still in its buffer', () => {
    expect(withState({})).toEqual({ label: 'Ready', tone: 'ok', detail: 'The printer is ready.' });
    expect(withState({ labelsInBuffer: 1 }).detail).toBe('The printer is ready. 1 label waits in its buffer.');
    expect(withState({ labelsInBuffer: 12 }).detail).toBe('The printer is ready. 12 labels wait in its buffer.');
  });

  it('names each fault ~HS reports, faults as errors and waiting states as warnings', () => {
    expect(withState({ paperOut: true })).toEqual({
      label: 'Paper out',
      tone: 'error',
      detail: 'The printer reports: paper out.',
    });
    expect(withState({ headOpen: true })).toMatchObject({ label: 'Head open', tone: 'error' });
    expect(withState({ ribbonOut: true })).toMatchObject({ label: 'Ribbon out', tone: 'error' });
    expect(withState({ overTemperature: true })).toMatchObject({ label: 'Too hot', tone: 'error' });
    expect(withState({ underTemperature: true })).toMatchObject({ label: 'Too cold', tone: 'error' });
    expect(withState({ corruptRam: true })).toMatchObject({ label: 'Memory error', tone: 'error' });
    expect(withState({ paused: true })).toMatchObject({ label: 'Paused', tone: 'warning' });
    expect(withState({ bufferFull: true, labelsInBuffer: 12 })).toEqual({
      label: 'Buffer full',
      tone: 'warning',
      detail: 'The printer reports: buffer full. 12 labels wait in its buffer.',
    });
  });

  it('lists several faults, the cause before the pause it brings', () => {
    expect(withState({ paused: true, paperOut: true })).toMatchObject({ label: 'Paper out, paused', tone: 'error' });
    expect(withState({ paused: true, bufferFull: true })).toMatchObject({
      label: 'Buffer full, paused',
      tone: 'warning',
    });
    expect(withState({ paused: true, headOpen: true, ribbonOut: true }).label).toBe('Head open, ribbon out, paused');
  });

  it('tells an unreachable printer from a silent one, a system queue and a device file', () => {
    expect(answered({ reachable: false, state: null, error: 'connection refused by 10.0.0.5:9100' })).toEqual({
      label: 'Unreachable',
      tone: 'error',
      detail: 'connection refused by 10.0.0.5:9100',
    });
    expect(
      answered({ reachable: true, state: null, error: 'timed out after 3 s waiting for ~HS answer' }),
    ).toMatchObject({ label: 'Not answering', tone: 'warning' });
    expect(answered({ reachable: null, state: null, error: 'no status is read from system queues' })).toMatchObject({
      label: 'No status',
      tone: 'neutral',
    });
    expect(answered({ reachable: true, state: null })).toMatchObject({ label: 'Connected', tone: 'ok' });
  });

  it('says when it is still asking, and when the server could not be asked', () => {
    expect(printerBadge({ status: 'checking' })).toMatchObject({ label: 'Checking…', tone: 'neutral' });
    expect(printerBadge({ status: 'failed', message: 'the Labelsmith server could not be reached' })).toEqual({
      label: 'Status unknown',
      tone: 'neutral',
      detail: 'the Labelsmith server could not be reached',
    });
  });
});
