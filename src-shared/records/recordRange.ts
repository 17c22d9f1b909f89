// --range and the print dialog's record choice: which records of a source to use, by 1-based record numbers as operators count them ("40-60", "7", "40-", and lists of them: "1-3,5,8-").
import { BadRequestError } from '../errors';

/** A run of records: first to last, 1-based, last included; last undefined: to the end. */
export interface RecordSpan {
  first: number;
  last?: number;
}

/** Spans in rising order without overlap; only the last may run to the end. */
export interface RecordRange {
  spans: RecordSpan[];
  /** The first record chosen. */
  first: number;
}

const SPAN = /^\s*(\d+)\s*(?:(-)\s*(\d+)?)?\s*$/;

function refuse(text: string, why: string): never {
  throw new BadRequestError(
    `range must be N, N-M or N-, or a list of them separated by commas such as 1-3,5,8- (record numbers start at 1): ${why}, got ${JSON.stringify(text)}`,
  );
}

export function parseRecordRange(text: string): RecordRange {
  const spans: RecordSpan[] = [];
  for (const part of text.split(',')) {
    const match = SPAN.exec(part);
    if (!match) refuse(text, `${JSON.stringify(part.trim())} is not a record number or span`);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : match[3] === undefined ? undefined : Number(match[3]);
    if (first < 1 || (last !== undefined && last < first))
      refuse(text, `${part.trim()} does not go from a record to a later one`);
    const previous = spans.at(-1);
    if (previous !== undefined && (previous.last === undefined || first <= previous.last))
      refuse(text, `${part.trim()} does not come after the records before it`);
    spans.push({ first, last });
  }
  return { spans, first: spans[0]?.first ?? 1 };
}

/**
 * The chosen records with their record numbers; a span reaching past the last record is refused rather than printing
 * fewer labels than asked.
 */
export function selectNumbered<T>(records: readonly T[], range: RecordRange): { record: T; number: number }[] {
  return range.spans.flatMap(({ first, last = records.length }) => {
    if (last > records.length)
      throw new BadRequestError(`range ${first}-${last} reaches past the last record (${records.length})`);
    return records.slice(first - 1, last).map((record, at) => ({ record, number: first + at }));
  });
}

/** The chosen records, in order. */
export function selectRange<T>(records: readonly T[], range: RecordRange): T[] {
  return selectNumbered(records, range).map(({ record }) => record);
}
