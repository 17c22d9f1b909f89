// Where render outputs and print job documents are kept: the interface of both places (a folder of the data directory, or S3-compatible object storage by URL) and the names they keep.
import type { Readable } from 'node:stream';

/** The two areas of kept documents, folders of the data directory or key prefixes in the bucket. */
export const OUTPUT_AREAS = {
  /** Render outputs (GET /v1/render-outputs). */
  outputs: 'outputs',
  /** The documents of print jobs, while pending and while kept for reprints. */
  printDocuments: 'print-jobs',
} as const;

export type OutputArea = (typeof OUTPUT_AREAS)[keyof typeof OUTPUT_AREAS];

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OUTPUT_NAME_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

/** Names are checked even though they come from the database: a bad one must not become a path (or key) outside the area. */
export function checkOutputName(fileName: string): string {
  if (!OUTPUT_NAME_PATTERN.test(fileName)) throw new Error(`not an output file name: ${JSON.stringify(fileName)}`);
  return fileName;
}

/** `<id>.<extension>`, the name an output is kept under; refused unless the id is a UUID and the name a plain one. */
export function outputName(id: string, extension: string): string {
  if (!UUID_PATTERN.test(id)) throw new Error(`not a render id: ${JSON.stringify(id)}`);
  return checkOutputName(`${id}.${extension}`);
}

/** Which kept names of a page are still referenced by a row (the orphan sweep asks a page at a time). */
export type ReferencedNames = (names: readonly string[]) => Promise<ReadonlySet<string>>;

/** Names the orphan sweep checks against the database at once: one page of an S3 listing, or of a folder's. */
const SWEEP_PAGE_SIZE = 1000;

export interface OutputStore {
  /**
   * 'folder': private to the machine, checked whole at every start. 's3': shared by every node; never listed at start
   * (removeOrphans says why).
   */
  readonly kind: 'folder' | 's3';
  /**
   * Keeps `bytes` as <id>.<extension> and returns that name. Resolves only once the document is durable (folder: fsync
   * of file and directory; S3: PutObject answered): the row that points at it is committed after.
   */
  write(id: string, extension: string, bytes: Uint8Array): Promise<string>;
  /** The whole document; rejects when it is absent. */
  read(fileName: string): Promise<Buffer>;
  /** The document as a stream and its size, for downloads in bounded memory; undefined when it is absent. */
  openRead(fileName: string): Promise<{ body: Readable; size: number } | undefined>;
  /** Its size in bytes; undefined when it is absent. */
  size(fileName: string): Promise<number | undefined>;
  /** Absent documents are fine: removal is what was wanted, and another node may have removed it first. */
  remove(fileName: string): Promise<void>;
  /**
   * Removes what no row references (leftover temp files included) and was last modified before `cutoff` (epoch ms),
   * asking `referenced` a page of names at a time; returns how many went.
   */
  removeUnreferenced(referenced: ReferencedNames, cutoff: number): Promise<number>;
  /** Resolves when the storage answers now (GET /ready): the folder is there and writable, the bucket answers HeadBucket. */
  ready(): Promise<void>;
}

/** A store's two areas, and what closes them (the S3 client's sockets). */
export interface OutputStores {
  outputs: OutputStore;
  printDocuments: OutputStore;
  close(): void;
}

/** What `attempt` resolves to, or undefined when it failed because the document is absent (`isAbsent` knows the storage's error). */
export async function unlessAbsent<T>(
  attempt: Promise<T>,
  isAbsent: (error: unknown) => boolean,
): Promise<T | undefined> {
  try {
    return await attempt;
  } catch (error) {
    if (isAbsent(error)) return undefined;
    throw error;
  }
}

/** The orphan sweep's step, in a folder and a bucket alike: removes the names of one page that no row references; returns how many went. */
export async function removeUnreferencedPage(
  page: readonly string[],
  referenced: ReferencedNames,
  remove: (name: string) => Promise<unknown>,
): Promise<number> {
  if (page.length === 0) return 0;
  const kept = await referenced(page);
  const orphans = page.filter((name) => !kept.has(name));
  for (const name of orphans) await remove(name);
  return orphans.length;
}

/** `items` in pages of SWEEP_PAGE_SIZE. */
export function* sweepPages<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += SWEEP_PAGE_SIZE) yield items.slice(start, start + SWEEP_PAGE_SIZE);
}
