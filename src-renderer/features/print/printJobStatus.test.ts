import { describe, expect, it } from 'vitest';
import type { PrintJob } from '@shared/api/printRequest';
import { printJobLine } from './printJobStatus';

const job = (fields: Partial<PrintJob>): PrintJob => ({
  id: '0b5c3a53-4f4e-4b8e-9a43-2f6f1f0d9c11',
  status: 'queued',
  printerId: 'p1',
  format: 'zpl',
  labelCount: 3,
  copies: 2,
  totalLabels: 6,
  labelsSent: 0,
  attempts: 0,
  createdAt: '2025-06-01T10:00:00.000Z',
  updatedAt: '2025-06-01T10:00:00.000Z',
  warnings: [],
  templateId: null,
  reprintable: true,
  countersReturned: false,
  templateVersion: null,
  ...fields,
});

describe('print job line', () => {
  it('follows a job from queued through sending to done', () => {
    expect(printJobLine(job({}), 'Dock 1')).toEqual({
      text: 'Queued: waiting for Dock 1.',
      finished: false,
      failed: false,
    });
    expect(printJobLine(job({ status: 'sending', labelsSent: 2 }), 'Dock 1')).toEqual({
      text: 'Sending to Dock 1: 2 of 6 labels.',
      finished: false,
      failed: false,
    });
    expect(printJobLine(job({ status: 'done', labelsSent: 6 }), 'Dock 1')).toEqual({
      text: 'Printed: 6 labels sent to Dock 1.',
      finished: true,
      failed: false,
    });
    expect(
      printJobLine(job({ status: 'done', labelCount: 1, copies: 1, totalLabels: 1, labelsSent: 1 }), 'Dock 1').text,
    ).toBe('Printed: 1 label sent to Dock 1.');
  });

  it('says why a pending job retries', () => {
    const retrying = job({
      status: 'sending',
      attempts: 1,
      lastError: {
        code: 'PRINTER_UNREACHABLE',
        message: 'connection refused by 10.0.0.5:9100: is the printer on and listening on port 9100?',
      },
    });
    expect(printJobLine(retrying, 'Dock 1').text).toBe(
      'Sending to Dock 1: 0 of 6 labels. Retrying after: connection refused by 10.0.0.5:9100: is the printer on and listening on port 9100?',
    );
    const waiting = job({
      attempts: 2,
      lastError: { code: 'PAPER_OUT', message: 'printer "Dock 1" reports paper out' },
    });
    expect(printJobLine(waiting, 'Dock 1')).toEqual({
      text: 'Queued: waiting for Dock 1. Retrying after: printer "Dock 1" reports paper out.',
      finished: false,
      failed: false,
    });
  });

  it('says how much of a cancelled or failed job went out in a sentence that agrees with its numbers', () => {
    const ended = (status: PrintJob['status'], labelsSent: number, totalLabels: number) =>
      job({
        status,
        labelsSent,
        totalLabels,
        ...(status === 'failed' ? { error: { code: 'PRINTER_ERROR', message: 'the head is open' } } : {}),
      });
    expect(printJobLine(ended('cancelled', 0, 1), 'Dock').text).toBe('Cancelled: the label was not sent to Dock.');
    expect(printJobLine(ended('cancelled', 0, 3), 'Dock').text).toBe(
      'Cancelled: none of the 3 labels was sent to Dock.',
    );
    expect(printJobLine(ended('cancelled', 1, 3), 'Dock').text).toBe('Cancelled: 1 of 3 labels was sent to Dock.');
    expect(printJobLine(ended('cancelled', 2, 3), 'Dock').text).toBe('Cancelled: 2 of 3 labels were sent to Dock.');
    expect(printJobLine(ended('failed', 1, 6), 'Dock').text).toBe(
      'Failed: the head is open. 1 of 6 labels was sent before.',
    );
  });

  it('gives the reason of a failed job and how much of it was sent', () => {
    expect(
      printJobLine(
        job({ status: 'failed', error: { code: 'PAPER_OUT', message: 'the printer is out of paper' } }),
        'Dock 1',
      ),
    ).toEqual({
      text: 'Failed: the printer is out of paper. No label was sent.',
      finished: true,
      failed: true,
    });
    expect(
      printJobLine(
        job({
          status: 'failed',
          labelsSent: 4,
          error: { code: 'PRINTER_INTERRUPTED', message: 'the connection failed mid-job.' },
        }),
        'Dock 1',
      ).text,
    ).toBe('Failed: the connection failed mid-job. 4 of 6 labels were sent before.');
  });
});
