// Prepared statements of the template_versions table: the numbered, immutable versions each publish makes.
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { parseTemplate, type Template } from '../../../src-shared/model/template';

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

interface VersionRow {
  template_id: string;
  number: number;
  author: string | null;
  note: string | null;
  created_at: number;
}

type VersionContentRow = VersionRow & { content: string };

/** Parsed contents kept: a render naming a version reads it on every request, and versions never change. */
const PARSED_VERSION_LIMIT = 500;

function toSummary(row: VersionRow): TemplateVersionSummary {
  return { templateId: row.template_id, number: row.number, author: row.author, note: row.note, createdAt: row.created_at };
}

export function templateVersionQueries(db: Database.Database, now: () => number) {
  // A version is immutable, so its id and number name one text for ever (template ids are never reused).
  const parsed = new LRUCache<string, Template>({ max: PARSED_VERSION_LIMIT });
  const toRecord = (row: VersionContentRow): TemplateVersionRecord => {
    const key = `${row.template_id}#${row.number}`;
    let content = parsed.get(key);
    if (content === undefined) {
      content = parseTemplate(JSON.parse(row.content));
      parsed.set(key, content);
    }
    return { ...toSummary(row), content };
  };

  // The next number is taken in the insert itself: inside the caller's IMMEDIATE transaction no other writer runs.
  const insert = db.prepare<[{ template_id: string; content: string; author: string | null; note: string | null; created_at: number }], VersionContentRow>(
    `INSERT INTO template_versions (template_id, number, content, author, note, created_at)
     VALUES (@template_id, (SELECT COALESCE(MAX(number), 0) + 1 FROM template_versions WHERE template_id = @template_id), @content, @author, @note, @created_at)
     RETURNING *`,
  );
  const selectAll = db.prepare<[string], VersionRow>(
    'SELECT template_id, number, author, note, created_at FROM template_versions WHERE template_id = ? ORDER BY number DESC',
  );
  const selectOne = db.prepare<[string, number], VersionContentRow>('SELECT * FROM template_versions WHERE template_id = ? AND number = ?');
  const selectLatest = db.prepare<[string], VersionContentRow>('SELECT * FROM template_versions WHERE template_id = ? ORDER BY number DESC LIMIT 1');

  return {
    /** The next version of the template with this (validated) content. Run inside a transaction with the status change. */
    add(templateId: string, content: Template, { author, note }: Authorship): TemplateVersionRecord {
      const row = insert.get({ template_id: templateId, content: JSON.stringify(content), author, note: note ?? null, created_at: now() });
      if (!row) throw new Error(`the version of template ${templateId} was not inserted`);
      return toRecord(row);
    },

    /** Newest first. */
    list(templateId: string): TemplateVersionSummary[] {
      return selectAll.all(templateId).map(toSummary);
    },

    get(templateId: string, number: number): TemplateVersionRecord | undefined {
      const row = selectOne.get(templateId, number);
      return row && toRecord(row);
    },

    latest(templateId: string): TemplateVersionRecord | undefined {
      const row = selectLatest.get(templateId);
      return row && toRecord(row);
    },
  };
}

export type TemplateVersionQueries = ReturnType<typeof templateVersionQueries>;
