// Prepared statements of the libraries table: shared template collections addressed by slug (spec 2.8).
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { ConflictError } from '../../../src-shared/api/apiErrors';
import type { LibraryRecord } from '../storeTypes';

interface LibraryRow {
  id: string;
  slug: string;
  name: string;
  created_at: number;
}

function toLibrary(row: LibraryRow): LibraryRecord {
  return { id: row.id, slug: row.slug, name: row.name, createdAt: row.created_at };
}

export function libraryQueries(db: Database.Database, now: () => number) {
  const insert = db.prepare<[LibraryRow]>('INSERT INTO libraries (id, slug, name, created_at) VALUES (@id, @slug, @name, @created_at)');
  const selectBySlug = db.prepare<[string], LibraryRow>('SELECT * FROM libraries WHERE slug = ?');
  const selectAll = db.prepare<[], LibraryRow>('SELECT * FROM libraries ORDER BY slug');

  const getBySlug = (slug: string): LibraryRecord | undefined => {
    const row = selectBySlug.get(slug);
    return row && toLibrary(row);
  };

  return {
    /** The slug must already be valid (slugSchema); a taken slug is a ConflictError. */
    create(library: { slug: string; name: string }): LibraryRecord {
      if (getBySlug(library.slug)) throw new ConflictError(`a library with slug "${library.slug}" exists already`);
      const row: LibraryRow = { id: randomUUID(), slug: library.slug, name: library.name, created_at: now() };
      insert.run(row);
      return toLibrary(row);
    },

    getBySlug,

    list(): LibraryRecord[] {
      return selectAll.all().map(toLibrary);
    },
  };
}

export type LibraryQueries = ReturnType<typeof libraryQueries>;
