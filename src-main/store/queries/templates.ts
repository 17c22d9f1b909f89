// Queries of the templates table, with the addressing of spec 2.8 (short slug for the owning team, `<library>:<slug>` for all), and publishing into versions.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { ConflictError } from '@shared/api/apiErrors';
import { MAX_SLUG_LENGTH, parseQualifiedId, slugify } from '@shared/api/slug';
import { parseTemplate, type Template } from '@shared/model/template';
import type { HotCache } from '../hotCache';
import { precompiled } from '../precompiled';
import type { Executor, TemplateRow } from '../schema';
import type { TemplateRecord, TemplateStatus } from '../storeTypes';
import type { Authorship, TemplateVersionQueries, TemplateVersionRecord } from './templateVersions';

type JoinedRow = TemplateRow & { library_slug: string | null; latest_version: number | null; draft_changed: number };

/** Parsed contents kept per template: a render by templateId reads its template on every request. */
const PARSED_CONTENT_LIMIT = 500;

/** Reads rows into records, with a cache of parsed contents shared by the store and its transactions. */
export type TemplateReader = (row: JoinedRow) => TemplateRecord;

/**
 * Row to record. Stored content was validated on the way in; parsing again types it and catches a schema that moved
 * on. The parse (JSON plus zod, about 0.1 ms) is done once per stored text, not per request: comparing the text is
 * far cheaper, and catches every change, even two in the same millisecond. Records share the parsed content, which
 * callers treat as read-only.
 */
export function templateReader(): TemplateReader {
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
function joinedOn(db: Executor, visibility?: Visibility) {
  const query = db
    .selectFrom('templates as t')
    .leftJoin('libraries as l', 'l.id', 't.library_id')
    .leftJoin('template_versions as v', (join) =>
      join.onRef('v.template_id', '=', 't.id').on((eb) =>
        eb(
          'v.number',
          '=',
          eb
            .selectFrom('template_versions as m')
            .select((m) => m.fn.max('m.number').as('n'))
            .whereRef('m.template_id', '=', 't.id'),
        ),
      ),
    )
    .selectAll('t')
    .select([
      'l.slug as library_slug',
      'v.number as latest_version',
      sql<number>`CASE WHEN v.content = t.content THEN 0 ELSE 1 END`.as('draft_changed'),
    ]);
  return visibility?.publishedOnly ? query.where('t.status', '=', 'published') : query;
}

/** The request path's statements (see precompiled): a templateId resolved, for each visibility. */
const findForTeamQueries = [false, true].map((publishedOnly) =>
  precompiled<'teamId' | 'idOrSlug', JoinedRow>((db, value) =>
    joinedOn(db, { publishedOnly })
      .where('t.team_id', '=', value('teamId'))
      .where((eb) => eb.or([eb('t.id', '=', value('idOrSlug')), eb('t.slug', '=', value('idOrSlug'))]))
      // An id wins over a slug that happens to look like one.
      .orderBy(sql`t.id = ${value('idOrSlug')}`, 'desc')
      .limit(1),
  ),
);
const findInLibraryQueries = [false, true].map((publishedOnly) =>
  precompiled<'librarySlug' | 'slug', JoinedRow>((db, value) =>
    joinedOn(db, { publishedOnly }).where('l.slug', '=', value('librarySlug')).where('t.slug', '=', value('slug')),
  ),
);
const byVisibility = <Q>(queries: Q[], visibility: Visibility): Q => queries[visibility.publishedOnly ? 1 : 0] as Q;

export function templateQueries(
  db: Executor,
  now: () => number,
  versions: TemplateVersionQueries,
  toTemplate: TemplateReader,
  hot: HotCache,
) {
  const joined = (visibility?: Visibility) => joinedOn(db, visibility);
  const read = async (rows: Promise<JoinedRow[]>): Promise<TemplateRecord[]> => (await rows).map(toTemplate);
  const readOne = async (row: Promise<JoinedRow | undefined>): Promise<TemplateRecord | undefined> => {
    const found = await row;
    return found && toTemplate(found);
  };

  const get = (id: string): Promise<TemplateRecord | undefined> =>
    readOne(joined().where('t.id', '=', id).executeTakeFirst());
  const found = async (id: string): Promise<TemplateRecord> => {
    const template = await get(id);
    if (!template) throw new Error(`template ${id} vanished inside its own transaction`);
    return template;
  };
  const findForTeam = (teamId: string, idOrSlug: string, visibility: Visibility): Promise<TemplateRecord | undefined> =>
    readOne(byVisibility(findForTeamQueries, visibility).first(db, { teamId, idOrSlug }));
  const findInLibrary = (
    librarySlug: string,
    slug: string,
    visibility: Visibility,
  ): Promise<TemplateRecord | undefined> =>
    readOne(byVisibility(findInLibraryQueries, visibility).first(db, { librarySlug, slug }));
  const slugTaken = async (teamId: string, libraryId: string | null, slug: string): Promise<boolean> => {
    const row = await db
      .selectFrom('templates')
      .select('id')
      .where('slug', '=', slug)
      .where((eb) =>
        libraryId === null
          ? eb('team_id', '=', teamId)
          : eb.or([eb('team_id', '=', teamId), eb('library_id', '=', libraryId)]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  };
  const setStatus = async (id: string, status: TemplateStatus, at: number): Promise<void> => {
    await db.updateTable('templates').set({ status, updated_at: at }).where('id', '=', id).execute();
    await hot.changed(db);
  };
  const setContent = async (id: string, content: Template, at: number): Promise<void> => {
    await db
      .updateTable('templates')
      .set({ name: content.meta.name, content: JSON.stringify(content), updated_at: at })
      .where('id', '=', id)
      .execute();
    await hot.changed(db);
  };

  /** A slug free in the team (and in the library, if any): the base, then base-2, base-3… */
  const freeSlug = async (teamId: string, libraryId: string | null, base: string): Promise<string> => {
    for (let n = 1; ; n += 1) {
      const suffix = n === 1 ? '' : `-${n}`;
      const slug = `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
      if (!(await slugTaken(teamId, libraryId, slug))) return slug;
    }
  };

  return {
    /** Run inside a transaction: the slug check and the insert must see the same table. */
    async create(template: NewTemplate): Promise<TemplateRecord> {
      const libraryId = template.libraryId ?? null;
      let slug = template.slug;
      if (slug === undefined)
        slug = await freeSlug(template.teamId, libraryId, slugify(template.content.meta.name) || 'template');
      else if (await slugTaken(template.teamId, libraryId, slug)) {
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
      await db.insertInto('templates').values(row).execute();
      await hot.changed(db);
      if (template.publish) await versions.add(row.id, template.content, template.publish);
      return found(row.id);
    },

    get,
    findForTeam,
    findInLibrary,

    /**
     * Resolves a templateId as the render and content endpoints accept it: `<library>:<slug>` for any team, else an id
     * or short slug of the team's own. What API keys see (published templates) is kept in the hot cache, which every
     * change of a template or its versions empties.
     */
    resolve(teamId: string, templateId: string, visibility: Visibility): Promise<TemplateRecord | undefined> {
      const find = () => {
        const qualified = parseQualifiedId(templateId);
        return qualified
          ? findInLibrary(qualified.librarySlug, qualified.slug, visibility)
          : findForTeam(teamId, templateId, visibility);
      };
      return visibility.publishedOnly ? hot.read(db, hot.templates, `${teamId}\n${templateId}`, find) : find();
    },

    listForTeam(teamId: string, visibility: Visibility): Promise<TemplateRecord[]> {
      return read(
        joined(visibility)
          .where('t.team_id', '=', teamId)
          .orderBy('t.created_at')
          .orderBy(sql`t.rowid`)
          .execute(),
      );
    },

    /** Every team's templates with this short slug: the admin CLI names templates by slug without a team when only one has it. */
    listWithSlug(slug: string): Promise<TemplateRecord[]> {
      return read(
        joined()
          .where('t.slug', '=', slug)
          .orderBy('t.created_at')
          .orderBy(sql`t.rowid`)
          .execute(),
      );
    },

    listForLibrary(librarySlug: string, visibility: Visibility): Promise<TemplateRecord[]> {
      return read(joined(visibility).where('l.slug', '=', librarySlug).orderBy('t.slug').execute());
    },

    /**
     * Publishes the draft as the template's next version (every publish makes one, even of unchanged content: the
     * history says who published when). Run inside a transaction.
     */
    async publish(
      id: string,
      by: Authorship,
    ): Promise<{ template: TemplateRecord; version: TemplateVersionRecord } | undefined> {
      // The status changes first: on PostgreSQL that locks the template's row until the commit, so concurrent publishes
      // of one template number their versions one after another (on SQLite the transaction's write lock does).
      const locked = await db
        .updateTable('templates')
        .set({ status: 'published', updated_at: now() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (locked.numUpdatedRows === 0n) return undefined;
      await hot.changed(db);
      const draft = await found(id);
      const version = await versions.add(id, draft.content, by);
      return { template: await found(id), version };
    },

    /**
     * Publishes version `number`'s content again as the next version (noted "restored from <number>" unless `by`
     * says otherwise), and makes it the draft too, so the next publish does not bring back what was restored away.
     * Undefined when there is no such template or version. Run inside a transaction.
     */
    async restore(
      id: string,
      number: number,
      by: Authorship,
    ): Promise<{ template: TemplateRecord; version: TemplateVersionRecord } | undefined> {
      const old = await versions.get(id, number);
      if (!old) return undefined;
      const at = now();
      await setContent(id, old.content, at);
      const version = await versions.add(id, old.content, {
        author: by.author,
        note: by.note ?? `restored from ${number}`,
      });
      await setStatus(id, 'published', at);
      return { template: await found(id), version };
    },

    /** A draft again: API keys no longer see it; its versions stay. */
    async unpublish(id: string): Promise<TemplateRecord | undefined> {
      await setStatus(id, 'draft', now());
      return get(id);
    },

    /** Replaces the content (already validated); the name follows meta.name, the slug stays. */
    async update(id: string, content: Template): Promise<TemplateRecord | undefined> {
      await setContent(id, content, now());
      return get(id);
    },

    /** True if there was such a template. Renders keep no reference to their template, so nothing else goes. */
    async remove(id: string): Promise<boolean> {
      const removed = (await db.deleteFrom('templates').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n;
      if (removed) await hot.changed(db);
      return removed;
    },

    /**
     * Moves the template into a library, or out of any with null. Library templates are addressed as
     * `<library>:<slug>` by every team, so the slug must be free in the library. Run inside a transaction.
     */
    async setLibrary(id: string, libraryId: string | null): Promise<TemplateRecord | undefined> {
      const template = await get(id);
      if (!template) return undefined;
      if (libraryId !== null) {
        const taken = await db
          .selectFrom('templates')
          .select('id')
          .where('library_id', '=', libraryId)
          .where('slug', '=', template.slug)
          .where('id', '<>', id)
          .limit(1)
          .executeTakeFirst();
        if (taken) throw new ConflictError(`the library has a template with the slug "${template.slug}" already`);
      }
      await db
        .updateTable('templates')
        .set({ library_id: libraryId, updated_at: now() })
        .where('id', '=', id)
        .execute();
      await hot.changed(db);
      return get(id);
    },
  };
}

export type TemplateQueries = ReturnType<typeof templateQueries>;
