// A print job's document as the queue sends it: kept in the store's printDocuments while pending, cut into chunks of whole labels.
import type { PrintFormat } from '@shared/api/printRequest';
import { splitZplLabels, storedFormatBatch } from '@shared/emit/zpl/storedFormat';
import { scanRawZpl } from '@shared/read/zpl/rawZplScan';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';

/** The name of a job's document in the store's printDocuments (written durably before the job row commits). */
export function documentFileName(job: { id: string; format: PrintFormat }): string {
  return `${job.id}.${job.format}`;
}

export interface JobDocument {
  format: PrintFormat;
  bytes: Uint8Array;
  labelCount: number;
  /** ZPL: each label's [start, end) in bytes, in order. */
  labels?: [number, number][];
}

export interface Chunk {
  bytes: Uint8Array;
  /** Labels in the chunk. */
  labels: number;
}

const FORMAT_END = Buffer.from('^XZ');
const LF = 0x0a;
const CR = 0x0d;

/**
 * The byte range of each ^XA…^XZ format, the line break after it included. emitZpl escapes every data value with ^FH,
 * so "^XZ" inside a label can only be its end; the caller checks the count against the render's labelCount anyway.
 */
export function zplLabelRanges(zpl: Uint8Array): [number, number][] {
  const bytes = Buffer.from(zpl.buffer, zpl.byteOffset, zpl.byteLength);
  const ranges: [number, number][] = [];
  let start = 0;
  for (let at = bytes.indexOf(FORMAT_END, start); at !== -1; at = bytes.indexOf(FORMAT_END, start)) {
    let end = at + FORMAT_END.length;
    if (bytes[end] === CR) end += 1;
    if (bytes[end] === LF) end += 1;
    ranges.push([start, end]);
    start = end;
  }
  return ranges;
}

/** The formats of the caller's own ZPL, found by the reader's tokenizer (it honours ^CC), one character a byte. */
function rawZplLabelRanges(zpl: Uint8Array): [number, number][] {
  return scanRawZpl(zplTextFromBytes(zpl)).formats.map(({ start, end }) => [start, end]);
}

/**
 * The document with its labels located; a ZPL document whose formats do not match its label count is refused. `raw`:
 * the caller's own ZPL (a print request's zpl), whose formats only the tokenizer can find.
 */
export function jobDocument(format: PrintFormat, bytes: Uint8Array, labelCount: number, raw = false): JobDocument {
  if (format === 'pdf') return { format, bytes, labelCount };
  const labels = raw ? rawZplLabelRanges(bytes) : zplLabelRanges(bytes);
  if (labels.length !== labelCount || labels.at(-1)?.[1] !== bytes.length) {
    throw new Error(`the ZPL document holds ${labels.length} whole formats, expected ${labelCount}`);
  }
  return { format, bytes, labelCount, labels };
}

/**
 * The part of a job of `copies` that starts at label `from` of labelCount × copies (copies follow one another: 1, 2, 3,
 * 1, 2, 3): up to `maxLabels` whole ZPL labels, or one whole copy of a PDF, which cannot be cut without rewriting it.
 */
export function chunkAt(document: JobDocument, copies: number, from: number, maxLabels: number): Chunk {
  const { labels, labelCount } = document;
  if (labels === undefined) {
    if (from % labelCount !== 0) throw new Error(`a PDF job resumes at a whole copy, not at label ${from}`);
    return { bytes: document.bytes, labels: labelCount };
  }
  const end = Math.min(from + maxLabels, labelCount * copies);
  const parts: Uint8Array[] = [];
  for (let position = from; position < end; position += 1) {
    const [start, stop] = labels[position % labelCount] ?? [0, 0];
    parts.push(document.bytes.subarray(start, stop));
  }
  return { bytes: Buffer.concat(parts), labels: parts.length };
}

/**
 * A ZPL chunk as a stored format (^DF) and one short recall (^XF) per label, when its labels allow it and that is
 * smaller; the chunk as it is otherwise. Each chunk carries its own format, so a chunk sent again after a retry, a
 * restart or a printer power cycle (which clears the R: drive) never depends on an earlier one.
 */
export function withStoredFormat(chunk: Chunk): Chunk {
  if (chunk.labels < 2) return chunk;
  const batch = storedFormatBatch(splitZplLabels(Buffer.from(chunk.bytes).toString('utf8')));
  if (batch === undefined) return chunk;
  return { bytes: Buffer.from(batch.format + batch.recalls.join(''), 'utf8'), labels: chunk.labels };
}
