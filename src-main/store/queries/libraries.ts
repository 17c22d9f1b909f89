// Queries of the libraries table: shared template collections addressed by slug (spec 2.8).
import { randomUUID } from 'node:crypto';
import { ConflictError } from '@shared/api/apiErrors';
import type { Executor, LibraryRow } from '../schema';
import type { LibraryRecord } from '../storeTypes';

function toLibrary(row: LibraryRow): LibraryRecord {
  return { id: row.id, slug: row.slug, name: row.name, createdAt: row.created_at };
}

export function libraryQueries(db: Executor, now: () => number) {
  const getBySlug = async (slug: string): Promise<LibraryRecord | undefined> => {
    const row = await db.selectFrom('libraries').selectAll().where('slug', '=', slug).executeTakeFirst();
    return row && toLibrary(row);
  };

  return {
    /**
     * The slug must already be valid (slugSchema); a taken slug is a ConflictError, also when another server takes it at
     * the same moment (the insert yields to the unique slug instead of checking first).
     */
    async create(library: { slug: string; name: string }): Promise<LibraryRecord> {
      const row: LibraryRow = { id: randomUUID(), slug: library.slug, name: library.name, created_at: now() };
      const inserted = await db
        .insertInto('libraries')
        .values(row)
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new ConflictError(`a library with slug "${library.slug}" exists already`);
      return toLibrary(row);
    },

    getBySlug,

    async list(): Promise<LibraryRecord[]> {
      return (await db.selectFrom('libraries').selectAll().orderBy('slug').execute()).map(toLibrary);
    },
  };
}

export type LibraryQueries = ReturnType<typeof libraryQueries>;
