// Prepared statements of the templates table, with the addressing of spec 2.8 (short slug for the owning team, `<library>:<slug>` for all), and publishing into versions.
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { ConflictError } from '../../../src-shared/api/apiErrors';
import { MAX_SLUG_LENGTH, parseQualifiedId, slugify } from '../../../src-shared/api/slug';
import { parseTemplate, type Template } from '../../../src-shared/model/template';
import type { TemplateRecord, TemplateStatus } from '../storeTypes';
import type { Authorship, TemplateVersionQueries, TemplateVersionRecord } from './templateVersions';

interface TemplateRow {
  id: string;
  team_id: string;
  slug: string;
  name: string;
  status: string;
  library_id: string | null;
  content: string;
  created_at: number;
  updated_at: number;
}

type JoinedRow = TemplateRow & { library_slug: string | null; latest_version: number | null; draft_changed: number };

/** Parsed contents kept per template: a render by templateId reads its template on every request. */
const PARSED_CONTENT_LIMIT = 500;

/**
 * Row to record. Stored content was validated on the way in; parsing again types it and catches a schema that moved
 * on. The parse (JSON plus zod, about 0.1 ms) is done once per stored text, not per request: comparing the text is
 * far cheaper, and catches every change, even two in the same millisecond. Records share the parsed content, which
 * callers treat as read-only.
 */
function templateReader(): (row: JoinedRow) => TemplateRecord {
  const parsed = new LRUCache<string, { text: string; content: Template }>({ max: PARSED_CONTENT_LIMIT });
  return (row) => {
    let entry = parsed.get(row.id);
    if (entry?.text !== row.content) {
      entry = { text: row.content, content: parseTemplate(JSON.parse(row.content)) };
      parsed.set(row.id, entry);
    }
    const { content } = entry;
    return {
      id: row.id,
      teamId: row.team_id,
      slug: row.slug,
      name: row.name,
      // The column's CHECK constraint admits only the two statuses.
      status: row.status as TemplateStatus,
      libraryId: row.library_id,
      librarySlug: row.library_slug,
      content,
      latestVersion: row.latest_version,
      draftChanged: row.draft_changed === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  };
}

export interface NewTemplate {
  teamId: string;
  /** Already validated (validateTemplate / parseTemplate). */
  content: Template;
  /** Must be a valid slug; default: the slugified meta.name, numbered until it is free. */
  slug?: string;
  libraryId?: string | null;
  /** Publish at once, as version 1 by this author; default: a draft. */
  publish?: Authorship;
}

export interface Visibility {
  /** true for API-key access, which sees published templates only (spec 2.4, 4.3). */
  publishedOnly: boolean;
}

/** With each template its newest version's number, and whether the draft differs from it (true when there is none). */
const SELECT = `SELECT t.*, l.slug AS library_slug, v.number AS latest_version, v.content IS NOT t.content AS draft_changed
  FROM templates t LEFT JOIN libraries l ON l.id = t.library_id
  LEFT JOIN template_versions v ON v.template_id = t.id AND v.number = (SELECT MAX(number) FROM template_versions WHERE template_id = t.id)`;
const VISIBLE = "(@published_only = 0 OR t.status = 'published')";

export function templateQueries(db: Database.Database, now: () => number, versions: TemplateVersionQueries) {
  const toTemplate = templateReader();
  const insert = db.prepare<[TemplateRow]>(
    `INSERT INTO templates (id, team_id, slug, name, status, library_id, content, created_at, updated_at)
     VALUES (@id, @team_id, @slug, @name, @status, @library_id, @content, @created_at, @updated_at)`,
  );
  const selectById = db.prepare<[string], JoinedRow>(`${SELECT} WHERE t.id = ?`);
  // An id wins over a slug that happens to look like one.
  const selectForTeam = db.prepare<[{ team_id: string; key: string; published_only: number }], JoinedRow>(
    `${SELECT} WHERE t.team_id = @team_id AND (t.id = @key OR t.slug = @key) AND ${VISIBLE} ORDER BY t.id = @key DESC LIMIT 1`,
  );
  const selectInLibrary = db.prepare<[{ library_slug: string; slug: string; published_only: number }], JoinedRow>(
    `${SELECT} WHERE l.slug = @library_slug AND t.slug = @slug AND ${VISIBLE}`,
  );
  const selectByTeam = db.prepare<[{ team_id: string; published_only: number }], JoinedRow>(
    `${SELECT} WHERE t.team_id = @team_id AND ${VISIBLE} ORDER BY t.created_at, t.rowid`,
  );
  const selectBySlug = db.prepare<[string], JoinedRow>(`${SELECT} WHERE t.slug = ? ORDER BY t.created_at, t.rowid`);
  const selectByLibrary = db.prepare<[{ library_slug: string; published_only: number }], JoinedRow>(
    `${SELECT} WHERE l.slug = @library_slug AND ${VISIBLE} ORDER BY t.slug`,
  );
  const slugTaken = db.prepare<[{ team_id: string; library_id: string | null; slug: string }], { taken: number }>(
    `SELECT 1 AS taken FROM templates
     WHERE slug = @slug AND (team_id = @team_id OR (@library_id IS NOT NULL AND library_id = @library_id)) LIMIT 1`,
  );
  const updateStatus = db.prepare<[{ id: string; status: TemplateStatus; at: number }]>(
    'UPDATE templates SET status = @status, updated_at = @at WHERE id = @id',
  );
  const updateContent = db.prepare<[{ id: string; name: string; content: string; at: number }]>(
    'UPDATE templates SET name = @name, content = @content, updated_at = @at WHERE id = @id',
  );
  const deleteOne = db.prepare<[string]>('DELETE FROM templates WHERE id = ?');
  const slugTakenInLibrary = db.prepare<[{ library_id: string; slug: string; id: string }], { taken: number }>(
    'SELECT 1 AS taken FROM templates WHERE library_id = @library_id AND slug = @slug AND id <> @id LIMIT 1',
  );
  const updateLibrary = db.prepare<[{ id: string; library_id: string | null; at: number }]>(
    'UPDATE templates SET library_id = @library_id, updated_at = @at WHERE id = @id',
  );

  const get = (id: string): TemplateRecord | undefined => {
    const row = selectById.get(id);
    return row && toTemplate(row);
  };
  const found = (id: string): TemplateRecord => {
    const template = get(id);
    if (!template) throw new Error(`template ${id} vanished inside its own transaction`);
    return template;
  };
  const findForTeam = (teamId: string, idOrSlug: string, { publishedOnly }: Visibility): TemplateRecord | undefined => {
    const row = selectForTeam.get({ team_id: teamId, key: idOrSlug, published_only: publishedOnly ? 1 : 0 });
    return row && toTemplate(row);
  };
  const findInLibrary = (librarySlug: string, slug: string, { publishedOnly }: Visibility): TemplateRecord | undefined => {
    const row = selectInLibrary.get({ library_slug: librarySlug, slug, published_only: publishedOnly ? 1 : 0 });
    return row && toTemplate(row);
  };

  /** A slug free in the team (and in the library, if any): the base, then base-2, base-3… */
  const freeSlug = (teamId: string, libraryId: string | null, base: string): string => {
    for (let n = 1; ; n += 1) {
      const suffix = n === 1 ? '' : `-${n}`;
      const slug = `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
      if (!slugTaken.get({ team_id: teamId, library_id: libraryId, slug })) return slug;
    }
  };

  return {
    /** Run inside a transaction: the slug check and the insert must see the same table. */
    create(template: NewTemplate): TemplateRecord {
      const libraryId = template.libraryId ?? null;
      let slug = template.slug;
      if (slug === undefined) slug = freeSlug(template.teamId, libraryId, slugify(template.content.meta.name) || 'template');
      else if (slugTaken.get({ team_id: template.teamId, library_id: libraryId, slug })) {
        throw new ConflictError(`the slug "${slug}" is taken in this team${libraryId === null ? '' : ' or library'}`);
      }
      const at = now();
      const row: TemplateRow = {
        id: randomUUID(),
        team_id: template.teamId,
        slug,
        name: template.content.meta.name,
        status: template.publish ? 'published' : 'draft',
        library_id: libraryId,
        content: JSON.stringify(template.content),
        created_at: at,
        updated_at: at,
      };
      insert.run(row);
      if (template.publish) versions.add(row.id, template.content, template.publish);
      return found(row.id);
    },

    get,
    findForTeam,
    findInLibrary,

    /** Resolves a templateId as the render and content endpoints accept it: `<library>:<slug>` for any team, else an id or short slug of the team's own. */
    resolve(teamId: string, templateId: string, visibility: Visibility): TemplateRecord | undefined {
      const qualified = parseQualifiedId(templateId);
      return qualified ? findInLibrary(qualified.librarySlug, qualified.slug, visibility) : findForTeam(teamId, templateId, visibility);
    },

    listForTeam(teamId: string, { publishedOnly }: Visibility): TemplateRecord[] {
      return selectByTeam.all({ team_id: teamId, published_only: publishedOnly ? 1 : 0 }).map(toTemplate);
    },

    /** Every team's templates with this short slug: the admin CLI names templates by slug without a team when only one has it. */
    listWithSlug(slug: string): TemplateRecord[] {
      return selectBySlug.all(slug).map(toTemplate);
    },

    listForLibrary(librarySlug: string, { publishedOnly }: Visibility): TemplateRecord[] {
      return selectByLibrary.all({ library_slug: librarySlug, published_only: publishedOnly ? 1 : 0 }).map(toTemplate);
    },

    /**
     * Publishes the draft as the template's next version (every publish makes one, even of unchanged content: the
     * history says who published when). Run inside a transaction.
     */
    publish(id: string, by: Authorship): { template: TemplateRecord; version: TemplateVersionRecord } | undefined {
      const draft = get(id);
      if (!draft) return undefined;
      const version = versions.add(id, draft.content, by);
      updateStatus.run({ id, status: 'published', at: now() });
      return { template: found(id), version };
    },

    /**
     * Publishes version `number`'s content again as the next version (noted "restored from <number>" unless `by`
     * says otherwise), and makes it the draft too, so the next publish does not bring back what was restored away.
     * Undefined when there is no such template or version. Run inside a transaction.
     */
    restore(id: string, number: number, by: Authorship): { template: TemplateRecord; version: TemplateVersionRecord } | undefined {
      const old = versions.get(id, number);
      if (!old) return undefined;
      const at = now();
      updateContent.run({ id, name: old.content.meta.name, content: JSON.stringify(old.content), at });
      const version = versions.add(id, old.content, { author: by.author, note: by.note ?? `restored from ${number}` });
      updateStatus.run({ id, status: 'published', at });
      return { template: found(id), version };
    },

    /** A draft again: API keys no longer see it; its versions stay. */
    unpublish(id: string): TemplateRecord | undefined {
      updateStatus.run({ id, status: 'draft', at: now() });
      return get(id);
    },

    /** Replaces the content (already validated); the name follows meta.name, the slug stays. */
    update(id: string, content: Template): TemplateRecord | undefined {
      updateContent.run({ id, name: content.meta.name, content: JSON.stringify(content), at: now() });
      return get(id);
    },

    /** True if there was such a template. Renders keep no reference to their template, so nothing else goes. */
    remove(id: string): boolean {
      return deleteOne.run(id).changes > 0;
    },

    /**
     * Moves the template into a library, or out of any with null. Library templates are addressed as
     * `<library>:<slug>` by every team, so the slug must be free in the library. Run inside a transaction.
     */
    setLibrary(id: string, libraryId: string | null): TemplateRecord | undefined {
      const template = get(id);
      if (!template) return undefined;
      if (libraryId !== null && slugTakenInLibrary.get({ library_id: libraryId, slug: template.slug, id })) {
        throw new ConflictError(`the library has a template with the slug "${template.slug}" already`);
      }
      updateLibrary.run({ id, library_id: libraryId, at: now() });
      return get(id);
    },
  };
}

export type TemplateQueries = ReturnType<typeof templateQueries>;
