// Copies an embedded installation's database (SQLite) into another store, typically the shared PostgreSQL: every row of every table, idempotent, verified.
import { sql } from 'kysely';
import { documentFileName } from '../printing/printJobDocument';
import type { Store, StoreScope } from './openStore';
import type { OutputStore } from './outputStore';

/**
 * The tables in the order their references allow, each with its primary key, the source order that keeps their
 * insertion order (a rowid table's ties in created_at are broken by it), and columns left to the target. Print jobs are copied without `seq`: the
 * target numbers them on after its own jobs, in the source's order, so a copy into a database that already took jobs
 * cannot collide on it (they are found by `id`).
 */
const COPIED_TABLES: readonly CopiedTable[] = [
  { table: 'teams', key: ['id'], order: 'rowid' },
  { table: 'api_keys', key: ['id'], order: 'rowid' },
  { table: 'libraries', key: ['id'], order: 'rowid' },
  { table: 'templates', key: ['id'], order: 'rowid' },
  { table: 'template_versions', key: ['template_id', 'number'], order: 'template_id, number' },
  { table: 'settings', key: ['key'], order: 'key' },
  { table: 'printers', key: ['id'], order: 'rowid' },
  { table: 'virtual_printers', key: ['id'], order: 'rowid' },
  { table: 'hot_folders', key: ['id'], order: 'rowid' },
  { table: 'counters', key: ['team_id', 'name'], order: 'team_id, name' },
  { table: 'usage_monthly', key: ['team_id', 'period'], order: 'team_id, period', omit: ['reserved'] },
  { table: 'usage_daily', key: ['team_id', 'day'], order: 'team_id, day' },
  { table: 'images', key: ['team_id', 'name'], order: 'team_id, name' },
  { table: 'renders', key: ['id'], order: 'rowid' },
  { table: 'expired_renders', key: ['id'], order: 'rowid' },
  { table: 'print_jobs', key: ['id'], order: 'seq', omit: ['seq'] },
  { table: 'hot_folder_files', key: ['job_id'], order: 'claimed_at, job_id' },
];

/**
 * Tables not copied, and why: team_storage is kept by the target's own triggers as renders arrive (and by the copy for
 * print job documents, whose insert fires none), so the sum stays right when the target had rows of its own.
 * quota_reservations (with usage_monthly.reserved, their sum) are the holds of renders in flight: with the source's
 * server stopped none is live, and a copied one could never be reclaimed by the target's nodes.
 */
const DERIVED_TABLES = ['team_storage', 'quota_reservations'];

interface CopiedTable {
  table: string;
  key: readonly string[];
  order: string;
  omit?: readonly string[];
}

/** What the copy found and did for one table. */
export interface TableCopy {
  table: string;
  /** Rows in the source. */
  source: number;
  copied: number;
  /** Rows the target had already (a second run, or a copy interrupted before its commit never happens: see copyStore). */
  present: number;
  /** Rows in the target after the copy: at least `source`. */
  target: number;
}

type Row = Record<string, unknown>;

/** Rows per INSERT: print_jobs' 36 columns × 200 stay far below PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 200;

function keyOf(row: Row, key: readonly string[]): string {
  return JSON.stringify(key.map((column) => row[column]));
}

/** The source's SQLite connection: a copy reads an embedded installation's file. */
function sqliteOf(source: Store): NonNullable<Store['sqlite']> {
  if (source.sqlite === undefined) throw new Error('the source of a copy must be an embedded (SQLite) installation');
  return source.sqlite;
}

async function countRows(db: StoreScope['db'], table: string, where = sql`TRUE`): Promise<number> {
  const result = await sql<{
    n: number | string;
  }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${where}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

async function insertBatch(trx: StoreScope, spec: CopiedTable, rows: Row[]): Promise<Row[]> {
  const columns = Object.keys(rows[0] ?? {});
  const values = sql.join(rows.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`));
  const returned = [...spec.key, ...(spec.table === 'print_jobs' ? ['team_id', 'document_bytes'] : [])];
  const result =
    await sql<Row>`INSERT INTO ${sql.table(spec.table)} (${sql.join(columns.map((column) => sql.ref(column)))}) VALUES ${values}
    ON CONFLICT DO NOTHING RETURNING ${sql.join(returned.map((column) => sql.ref(column)))}`.execute(trx.db);
  return result.rows;
}

/** The skipped rows must be the target's same rows (by key), not rows that lost to another unique column. */
async function assertPresent(trx: StoreScope, spec: CopiedTable, skipped: Row[]): Promise<void> {
  if (skipped.length === 0) return;
  const match = sql.join(
    skipped.map(
      (row) =>
        sql`(${sql.join(
          spec.key.map((column) => sql`${sql.ref(column)} = ${row[column]}`),
          sql` AND `,
        )})`,
    ),
    sql` OR `,
  );
  const present = await countRows(trx.db, spec.table, match);
  if (present !== skipped.length) {
    const keys = skipped
      .slice(0, 3)
      .map((row) => keyOf(row, spec.key))
      .join(', ');
    throw new Error(
      `${spec.table}: ${skipped.length - present} of the rows ${keys}… conflict with different rows in the target (another unique column holds their value): nothing was copied`,
    );
  }
}

/** A copied print job's kept document counts in its team's storage, as an UPDATE of document_bytes would have: one write per team of the batch. */
async function countDocuments(trx: StoreScope, inserted: Row[]): Promise<void> {
  const byTeam = new Map<unknown, number>();
  for (const row of inserted) {
    const bytes = row.document_bytes;
    if (bytes !== null && bytes !== undefined) byTeam.set(row.team_id, (byTeam.get(row.team_id) ?? 0) + Number(bytes));
  }
  for (const [teamId, bytes] of byTeam) {
    await sql`INSERT INTO team_storage (team_id, bytes) VALUES (${teamId}, ${bytes})
      ON CONFLICT (team_id) DO UPDATE SET bytes = team_storage.bytes + excluded.bytes`.execute(trx.db);
  }
}

/** What the copy found and did for one output area's objects (render outputs, print job documents). */
export interface ObjectCopy {
  area: 'outputs' | 'printDocuments';
  /** Objects the source's rows point at. */
  source: number;
  copied: number;
  /** Already in the target with the same size. */
  present: number;
  /** Pointed at by a row but absent from the source (an output lost before the copy): their downloads answer as lost there too. */
  missing: number;
}

async function copyObjects(
  area: ObjectCopy['area'],
  names: readonly string[],
  from: OutputStore,
  to: OutputStore,
): Promise<ObjectCopy> {
  const copy: ObjectCopy = { area, source: names.length, copied: 0, present: 0, missing: 0 };
  for (const name of names) {
    const size = await from.size(name);
    if (size === undefined) copy.missing += 1;
    else if ((await to.size(name)) === size) copy.present += 1;
    else {
      const dot = name.lastIndexOf('.');
      // One object at a time, whole: an output is at most the per-output cap (50 MB by default).
      await to.write(name.slice(0, dot), name.slice(dot + 1), await from.read(name));
      copy.copied += 1;
    }
  }
  return copy;
}

/**
 * Copies the objects the source's rows point at (kept render outputs, print job documents) into the target's output
 * storage, before copyStore commits the rows that point at them. Idempotent: an object the target holds at the same
 * size is left as it is.
 */
export async function copyStoreObjects(source: Store, target: Store): Promise<ObjectCopy[]> {
  sqliteOf(source); // only an embedded installation is a source
  const outputs = (await source.renders.listFiles()).map((row) => row.fileName);
  const documents = (await source.printJobs.documentsInUse()).map(documentFileName);
  return [
    await copyObjects('outputs', outputs, source.outputs, target.outputs),
    await copyObjects('printDocuments', documents, source.printDocuments, target.printDocuments),
  ];
}

/** Copies one table in batches, checking that each row the target already had is the same row (by key). */
async function copyTable(trx: StoreScope, sqlite: NonNullable<Store['sqlite']>, spec: CopiedTable): Promise<TableCopy> {
  const copy: TableCopy = { table: spec.table, source: 0, copied: 0, present: 0, target: 0 };
  let batch: Row[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const inserted = await insertBatch(trx, spec, batch);
    const insertedKeys = new Set(inserted.map((row) => keyOf(row, spec.key)));
    await assertPresent(
      trx,
      spec,
      batch.filter((row) => !insertedKeys.has(keyOf(row, spec.key))),
    );
    if (spec.table === 'print_jobs') await countDocuments(trx, inserted);
    copy.copied += inserted.length;
    copy.present += batch.length - inserted.length;
    batch = [];
  };
  for (const row of sqlite.prepare<[], Row>(`SELECT * FROM ${spec.table} ORDER BY ${spec.order}`).iterate()) {
    for (const column of spec.omit ?? []) delete row[column];
    batch.push(row);
    copy.source += 1;
    if (batch.length === BATCH_ROWS) await flush();
  }
  await flush();
  copy.target = await countRows(trx.db, spec.table);
  if (copy.target < copy.source)
    throw new Error(`${spec.table}: the target holds ${copy.target} rows after copying ${copy.source}`);
  return copy;
}

/**
 * Copies every table of a SQLite store into `target` in one transaction: a failure leaves the target as it was, and
 * a second run copies nothing (rows are matched by primary key and left as the target has them). The source must not
 * be written meanwhile (stop its server). Every table the source holds must be known here, so a table added by a
 * later migration cannot be left behind silently. Returns the counts it verified: source = copied + present.
 */
export async function copyStore(source: Store, target: Store): Promise<TableCopy[]> {
  const sqlite = sqliteOf(source);
  const known = new Set<string>([...COPIED_TABLES.map((spec) => spec.table), ...DERIVED_TABLES]);
  const tables = sqlite
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all();
  const unknown = tables.map(({ name }) => name).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`the source has tables this copy does not know: ${unknown.join(', ')}`);

  return target.transaction(async (trx) => {
    const copies: TableCopy[] = [];
    for (const spec of COPIED_TABLES) copies.push(await copyTable(trx, sqlite, spec));
    return copies;
  });
}
