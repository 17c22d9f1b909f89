import { describe, expect, it } from 'vitest';
import { chunkAt, jobDocument, zplLabelRanges } from './printJobDocument';

const label = (text: string): string => `^XA\n^CI28\n^FO10,10^FH_^FD${text}^FS\n^XZ\n`;
const zpl = Buffer.from([label('one'), label('two'), label('three')].join(''));

describe('zplLabelRanges', () => {
  it('finds each format with the line break after it, and nothing else', () => {
    const ranges = zplLabelRanges(zpl);
    expect(ranges.map(([start, end]) => zpl.subarray(start, end).toString())).toEqual([
      label('one'),
      label('two'),
      label('three'),
    ]);
    expect(zplLabelRanges(Buffer.from('^XA^FDx^FS^XZ\r\n^XA^XZ'))).toEqual([
      [0, 15],
      [15, 21],
    ]);
    expect(zplLabelRanges(Buffer.from(''))).toEqual([]);
  });
});

describe('jobDocument', () => {
  it('refuses ZPL whose formats do not match the label count, or with bytes after the last one', () => {
    expect(() => jobDocument('zpl', zpl, 2)).toThrow('the ZPL document holds 3 whole formats, expected 2');
    expect(() => jobDocument('zpl', Buffer.concat([zpl, Buffer.from('^XA')]), 3)).toThrow(/expected 3/);
    expect(jobDocument('zpl', zpl, 3).labels).toHaveLength(3);
  });
});

describe('chunkAt', () => {
  it('cuts whole labels, copies after one another, up to the end of the last copy', () => {
    const document = jobDocument('zpl', zpl, 3);
    const chunk = (from: number, max: number) => chunkAt(document, 2, from, max);
    expect(chunk(0, 2)).toEqual({ bytes: Buffer.from(label('one') + label('two')), labels: 2 });
    expect(chunk(2, 2)).toEqual({ bytes: Buffer.from(label('three') + label('one')), labels: 2 });
    expect(chunk(4, 50)).toEqual({ bytes: Buffer.from(label('two') + label('three')), labels: 2 });
  });

  it('sends a PDF whole, one copy per chunk, and refuses to resume in the middle of a copy', () => {
    const pdf = Buffer.from('%PDF-1.7 three pages');
    const document = jobDocument('pdf', pdf, 3);
    expect(chunkAt(document, 2, 3, 50)).toEqual({ bytes: pdf, labels: 3 });
    expect(() => chunkAt(document, 2, 2, 50)).toThrow('a PDF job resumes at a whole copy, not at label 2');
  });
});
