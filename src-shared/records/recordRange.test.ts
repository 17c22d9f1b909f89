import { describe, expect, it } from 'vitest';
import { parseRecordRange, selectNumbered, selectRange } from './recordRange';

const records = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

describe('record ranges', () => {
  it('take a record, a span, a span to the end, and lists of them in rising order', () => {
    expect(selectRange(records, parseRecordRange('7'))).toEqual(['g']);
    expect(selectRange(records, parseRecordRange('2-4'))).toEqual(['b', 'c', 'd']);
    expect(selectRange(records, parseRecordRange('8-'))).toEqual(['h', 'i', 'j']);
    expect(selectNumbered(records, parseRecordRange(' 1-3, 5 ,8- '))).toEqual([
      { record: 'a', number: 1 },
      { record: 'b', number: 2 },
      { record: 'c', number: 3 },
      { record: 'e', number: 5 },
      { record: 'h', number: 8 },
      { record: 'i', number: 9 },
      { record: 'j', number: 10 },
    ]);
    expect(parseRecordRange('4-6,9').first).toBe(4);
  });

  it('refuse what is not a rising list of spans, naming the part', () => {
    const message = (text: string) => {
      try {
        parseRecordRange(text);
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message('0')).toBe(
      'range must be N, N-M or N-, or a list of them separated by commas such as 1-3,5,8- (record numbers start at 1): 0 does not go from a record to a later one, got "0"',
    );
    expect(message('5-3')).toMatch(/: 5-3 does not go from a record to a later one/);
    expect(message('1-3,x')).toMatch(/: "x" is not a record number or span, got "1-3,x"$/);
    expect(message('1-3,')).toMatch(/: "" is not a record number or span/);
    expect(message('5,2')).toMatch(/: 2 does not come after the records before it/);
    expect(message('1-4,3')).toMatch(/: 3 does not come after the records before it/);
    expect(message('2-,9')).toMatch(/: 9 does not come after the records before it/);
  });

  it('refuse a span past the last record rather than print fewer labels than asked', () => {
    expect(() => selectRange(records, parseRecordRange('1,9-12'))).toThrow(
      'range 9-12 reaches past the last record (10)',
    );
  });
});
