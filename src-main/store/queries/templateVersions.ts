// Queries of the template_versions table: the numbered, immutable versions each publish makes.
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { parseTemplate, type Template } from '@shared/model/template';
import type { HotCache } from '../hotCache';
import { precompiled } from '../precompiled';
import type { Executor, TemplateVersionRow } from '../schema';

/** Who published a version, and why: what the history shows next to its number. */
export interface Authorship {
  /** 'editor' (the admin session), 'cli:<os user>'; null for the versions the 0008 migration made. */
  author: string | null;
  note?: string | null;
}

export interface TemplateVersionSummary {
  templateId: string;
  number: number;
  author: string | null;
  note: string | null;
  createdAt: number;
}

export interface TemplateVersionRecord extends TemplateVersionSummary {
  content: Template;
}

/** Parsed contents kept: a render naming a version reads it on every request, and versions never change. */
const PARSED_VERSION_LIMIT = 500;

function toSummary(row: Omit<TemplateVersionRow, 'content'>): TemplateVersionSummary {
  return {
    templateId: row.template_id,
    number: row.number,
    author: row.author,
    note: row.note,
    createdAt: row.created_at,
  };
}

/** Parsed contents by `<template id>#<number>`, shared by the store and its transactions. */
export type ParsedVersions = LRUCache<string, Template>;

export function parsedVersions(): ParsedVersions {
  // A version is immutable, so its id and number name one text for ever (template ids are never reused).
  return new LRUCache<string, Template>({ max: PARSED_VERSION_LIMIT });
}

/** The request path's statements (see precompiled): a version by number, and the newest. */
const versionByNumber = precompiled<'templateId' | 'number', TemplateVersionRow>((db, value) =>
  db
    .selectFrom('template_versions')
    .selectAll()
    .where('template_id', '=', value('templateId'))
    .where('number', '=', value('number')),
);
const newestVersion = precompiled<'templateId', TemplateVersionRow>((db, value) =>
  db
    .selectFrom('template_versions')
    .selectAll()
    .where('template_id', '=', value('templateId'))
    .orderBy('number', 'desc')
    .limit(1),
);

export function templateVersionQueries(db: Executor, now: () => number, parsed: ParsedVersions, hot: HotCache) {
  const toRecord = (row: TemplateVersionRow): TemplateVersionRecord => {
    const key = `${row.template_id}#${row.number}`;
    let content = parsed.get(key);
    if (content === undefined) {
      content = parseTemplate(JSON.parse(row.content));
      parsed.set(key, content);
    }
    return { ...toSummary(row), content };
  };

  return {
    /** The next version of the template with this (validated) content. Run inside a transaction with the status change. */
    async add(templateId: string, content: Template, { author, note }: Authorship): Promise<TemplateVersionRecord> {
      // The next number is taken in the insert itself; the caller's transaction holds the write lock (SQLite) or the template's row lock (PostgreSQL).
      const row = await db
        .insertInto('template_versions')
        .values((eb) => ({
          template_id: templateId,
          number: eb
            .selectFrom('template_versions')
            .select(sql<number>`COALESCE(MAX(number), 0) + 1`.as('number'))
            .where('template_id', '=', templateId),
          content: JSON.stringify(content),
          author,
          note: note ?? null,
          created_at: now(),
        }))
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new Error(`the version of template ${templateId} was not inserted`);
      await hot.changed(db);
      return toRecord(row);
    },

    /** Newest first. */
    async list(templateId: string): Promise<TemplateVersionSummary[]> {
      const rows = await db
        .selectFrom('template_versions')
        .select(['template_id', 'number', 'author', 'note', 'created_at'])
        .where('template_id', '=', templateId)
        .orderBy('number', 'desc')
        .execute();
      return rows.map(toSummary);
    },

    /** Read through the hot cache, which every publish empties (a version never changes, the newest does). */
    get(templateId: string, number: number): Promise<TemplateVersionRecord | undefined> {
      return hot.read(db, hot.versions, `${templateId}#${number}`, async () => {
        const row = await versionByNumber.first(db, { templateId, number });
        return row && toRecord(row);
      });
    },

    latest(templateId: string): Promise<TemplateVersionRecord | undefined> {
      return hot.read(db, hot.versions, `${templateId}#latest`, async () => {
        const row = await newestVersion.first(db, { templateId });
        return row && toRecord(row);
      });
    },
  };
}

export type TemplateVersionQueries = ReturnType<typeof templateVersionQueries>;
