// --range: which records of a source to use, by 1-based record numbers as operators count them ("40-60", "7", "40-").
import { BadRequestError } from '../errors';

export interface RecordRange {
  /** First record, 1-based. */
  first: number;
  /** Last record, 1-based and included; undefined: to the end. */
  last?: number;
}

export function parseRecordRange(text: string): RecordRange {
  const match = /^\s*(\d+)\s*(?:(-)\s*(\d+)?)?\s*$/.exec(text);
  const first = Number(match?.[1]);
  const last = match?.[2] === undefined ? first : match[3] === undefined ? undefined : Number(match[3]);
  if (!match || first < 1 || (last !== undefined && last < first)) {
    throw new BadRequestError(`range must be N, N-M or N- with 1 <= N <= M (record numbers start at 1), got ${JSON.stringify(text)}`);
  }
  return { first, last };
}

/** The records of the range; a range reaching past the last record is refused rather than printing fewer labels than asked. */
export function selectRange<T>(records: readonly T[], range: RecordRange): T[] {
  const last = range.last ?? records.length;
  if (last > records.length) throw new BadRequestError(`range ${range.first}-${last} reaches past the last record (${records.length})`);
  return records.slice(range.first - 1, last);
}
