import { describe, expect, it } from 'vitest';
import type { PrintJob } from '@shared/api/printRequest';
import {
  appendPage,
  checkReprintLabels,
  HISTORY_PAGE_SIZE,
  jobActions,
  hasOpenableZpl,
  jobLabelName,
  jobSize,
  jobSource,
  printHistoryQuery,
  withJob,
} from './printHistory';

const job = (id: string, fields: Partial<PrintJob> = {}): PrintJob => ({
  id,
  status: 'done',
  printerId: 'p1',
  format: 'zpl',
  labelCount: 5,
  copies: 2,
  totalLabels: 10,
  labelsSent: 10,
  attempts: 0,
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T08:00:01.000Z',
  warnings: [],
  templateId: 't1',
  templateVersion: 1,
  reprintable: true,
  countersReturned: false,
  ...fields,
});

describe('the print history page', () => {
  it('asks for one printer’s jobs a page at a time, pending ones together', () => {
    expect(new URLSearchParams(printHistoryQuery('p 1', 'all'))).toEqual(
      new URLSearchParams({ printer: 'p 1', limit: String(HISTORY_PAGE_SIZE) }),
    );
    expect(new URLSearchParams(printHistoryQuery('p1', 'pending', '42')).get('status')).toBe('queued,sending');
    expect(new URLSearchParams(printHistoryQuery('p1', 'pending', '42')).get('cursor')).toBe('42');
    expect(new URLSearchParams(printHistoryQuery('p1', 'cancelled')).get('status')).toBe('cancelled');
  });

  it('joins older pages below the rows shown, each job once, and puts a reprint first and a cancelled job in its place', () => {
    const rows = { jobs: [job('c'), job('b')], nextCursor: '2' };
    const joined = appendPage(rows, { printJobs: [job('b'), job('a')], nextCursor: null });
    expect(joined.jobs.map((row) => row.id)).toEqual(['c', 'b', 'a']);
    expect(joined.nextCursor).toBeNull();
    expect(withJob(joined, job('d', { reprintOf: 'b', reprintLabels: '3' })).jobs.map((row) => row.id)).toEqual([
      'd',
      'c',
      'b',
      'a',
    ]);
    const cancelled = withJob(joined, job('b', { status: 'cancelled', labelsSent: 4 }));
    expect(cancelled.jobs.map((row) => [row.id, row.status])).toEqual([
      ['c', 'done'],
      ['b', 'cancelled'],
      ['a', 'done'],
    ]);
  });

  it('offers cancel while a job is pending, and reprint while its labels are kept, saying why not otherwise', () => {
    expect(jobActions(job('a', { status: 'sending' }))).toEqual({ cancel: true, reprint: true });
    expect(jobActions(job('a'))).toEqual({ cancel: false, reprint: true });
    expect(jobActions(job('a', { status: 'failed', reprintable: false, countersReturned: true }))).toMatchObject({
      cancel: false,
      reprint: false,
      reprintBlocked: expect.stringContaining('serial numbers were given back'),
    });
    expect(jobActions(job('a', { reprintable: false }))).toMatchObject({
      reprint: false,
      reprintBlocked: expect.stringContaining('7 days'),
    });
  });

  it('checks the labels to reprint as the server does: empty is all, ranges within labels × copies', () => {
    expect(checkReprintLabels('', job('a'))).toEqual({ labels: undefined, count: 10 });
    expect(checkReprintLabels(' 12-15 ', job('a', { labelCount: 20, copies: 1, totalLabels: 20 }))).toEqual({
      labels: '12-15',
      count: 4,
    });
    expect(checkReprintLabels('5,1,4-5', job('a'))).toEqual({ labels: '1,4-5', count: 3 });
    expect(checkReprintLabels('9-11', job('a'))).toEqual({
      error: "label 11 is past the job's last label (10: labels × copies)",
    });
    expect(checkReprintLabels('3-', job('a'))).toEqual({
      error: '"3-" is not a label number or a range such as "12-15"',
    });
  });

  it('says how many labels a row printed, and which ones of which job a reprint is', () => {
    expect(jobSize(job('a'))).toBe('10 labels');
    expect(jobSize(job('a', { labelCount: 1, copies: 1, totalLabels: 1, reprintOf: 'b', reprintLabels: '3' }))).toBe(
      '1 label (reprint of labels 3)',
    );
  });
});

describe('the label a job printed', () => {
  it('names the template and its version, a draft, a template gone, or a label sent as it was', () => {
    const names = new Map([['t1', 'Parcel label']]);
    expect(jobLabelName({ templateId: 't1', templateVersion: 3 }, names)).toBe('Parcel label v3');
    expect(jobLabelName({ templateId: 't1', templateVersion: null }, names)).toBe('Parcel label (a draft)');
    expect(jobLabelName({ templateId: 't9', templateVersion: 2 }, names)).toBe(
      'A template no longer in the workspace v2',
    );
    expect(jobLabelName({ templateId: null, templateVersion: null }, names)).toBe(
      'A label sent as it was (raw ZPL or an inline template)',
    );
  });
});

describe('jobSource', () => {
  it('names the virtual printer and its client, or the hot folder file; nothing for jobs printed from Labelsmith', () => {
    const fromPort = { kind: 'virtual-printer' as const, virtualPrinterId: 'v1', name: 'old-wms', client: '10.0.0.7' };
    expect(jobSource(job('a', { source: fromPort }))).toBe('Received by virtual printer “old-wms” from 10.0.0.7');
    const fromFile = { kind: 'hot-folder' as const, folder: '/srv/drop', file: 'wave-12.csv' };
    expect(jobSource(job('b', { source: fromFile }))).toBe('File “wave-12.csv” of the hot folder /srv/drop');
    expect(jobSource(job('c'))).toBeNull();
  });

  it('offers a ZPL job’s ZPL while its document is kept, never a PDF job’s', () => {
    expect(hasOpenableZpl(job('a', { format: 'zpl', reprintable: true }))).toBe(true);
    expect(hasOpenableZpl(job('b', { format: 'zpl', reprintable: false }))).toBe(false);
    expect(hasOpenableZpl(job('c', { format: 'pdf', reprintable: true }))).toBe(false);
  });
});
