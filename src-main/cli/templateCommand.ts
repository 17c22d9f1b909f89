// `labelsmith template import|import-zpl|list|publish|unpublish|versions|restore|export`: team templates, optionally in a library, and their versions.
import { userInfo } from 'node:os';
import { Command } from 'commander';
import { z } from 'zod';
import { ConflictError, TemplateVersionNotFoundError } from '@shared/api/apiErrors';
import { versionNoteSchema } from '@shared/api/editorApi';
import { slugSchema } from '@shared/api/slug';
import { parseLabelIndex, parseLabelSize } from '@shared/api/zplViewer';
import { parseTemplate } from '@shared/model/template';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';
import type { StoreScope } from '../store/openStore';
import type { Authorship, TemplateVersionRecord, TemplateVersionSummary } from '../store/queries/templateVersions';
import type { TemplateRecord } from '../store/storeTypes';
import {
  found,
  nameSchema,
  parseOptions,
  runWithStore,
  wholeNumberSchema,
  withStoreOptions,
  type StoreLocation,
} from './adminCliSupport';
import { UsageError } from './cliErrors';
import { readInputBytes, readJsonFile } from './readInput';

const importSchema = z.object({
  team: z.string(),
  file: z.string(),
  slug: slugSchema.optional(),
  library: z.string().optional(),
  publish: z.boolean().optional(),
  note: versionNoteSchema.optional(),
});

const importZplSchema = z.object({
  team: z.string(),
  slug: slugSchema,
  name: nameSchema.optional(),
  size: z.string(),
  dpmm: z.string(),
  index: z.string().optional(),
  publish: z.boolean().optional(),
});

const versionsSchema = z.object({ team: z.string().optional() });
const restoreSchema = versionsSchema.extend({ version: wholeNumberSchema(1), note: versionNoteSchema.optional() });
const publishSchema = z.object({ note: versionNoteSchema.optional() });

/** A template without its content: what lists and status changes show. */
/** A template as the CLI prints it: everything but its content. */
export function templateSummary({ content: _content, ...rest }: TemplateRecord): Omit<TemplateRecord, 'content'> {
  return rest;
}

function versionSummary({ content: _content, ...rest }: TemplateVersionRecord): TemplateVersionSummary {
  return rest;
}

/** Versions published from the CLI name the operating-system user who ran it. */
function cliAuthorship(note: string | undefined): Authorship {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry for this uid (some containers): the versions still say they came from the CLI.
    user = 'unknown';
  }
  return { author: `cli:${user}`, note };
}

/** A template by id, or by slug: within --team, or across teams when only one has that slug. */
async function templateByKey(store: StoreScope, key: string, teamId: string | undefined): Promise<TemplateRecord> {
  if (teamId !== undefined) {
    found(await store.teams.get(teamId), 'team', teamId);
    return found(await store.templates.findForTeam(teamId, key, { publishedOnly: false }), 'template', key);
  }
  const byId = await store.templates.get(key);
  if (byId) return byId;
  const withSlug = await store.templates.listWithSlug(key);
  if (withSlug.length > 1) throw new UsageError(`${withSlug.length} teams have a template "${key}": add --team <id>`);
  return found(withSlug[0], 'template', key);
}

/** What `template import` takes besides the file: the owning team, and optionally a slug, library, publishing and note. */
export type TemplateImport = Omit<z.output<typeof importSchema>, 'file'>;

/**
 * A new template; or, when --slug names one of the team's templates and --publish is given, the file becomes that
 * template's draft and is published as its next version.
 */
export async function importTemplate(
  store: StoreScope,
  options: TemplateImport,
  content: ReturnType<typeof parseTemplate>,
): Promise<TemplateRecord & { version?: number }> {
  found(await store.teams.get(options.team), 'team', options.team);
  const library =
    options.library === undefined
      ? undefined
      : found(await store.libraries.getBySlug(options.library), 'library', options.library);
  const publish = options.publish ? cliAuthorship(options.note) : undefined;
  const existing =
    options.slug === undefined
      ? undefined
      : await store.templates.findForTeam(options.team, options.slug, { publishedOnly: false });
  // findForTeam also matches ids: only the slug itself names the template to publish into.
  if (existing && existing.slug === options.slug) {
    if (!publish)
      throw new ConflictError(
        `the slug "${existing.slug}" is taken in this team: add --publish to publish this file as its next version`,
      );
    if (library !== undefined && existing.libraryId !== library.id) {
      throw new ConflictError(
        `the template "${existing.slug}" is not in the library "${library.slug}": import the new version without --library`,
      );
    }
    await store.templates.update(existing.id, content);
    const published = found(await store.templates.publish(existing.id, publish), 'template', existing.id);
    return { ...published.template, version: published.version.number };
  }
  if (options.note !== undefined && !publish)
    throw new UsageError('--note describes a published version: add --publish');
  return store.templates.create({ teamId: options.team, content, slug: options.slug, libraryId: library?.id, publish });
}

export function templateCommand(): Command {
  const template = new Command('template').description('import, list, publish and export templates');

  template.addCommand(
    withStoreOptions(new Command('import'))
      .description('import a template file (validated first); prints {"id": …, "slug": …}')
      .requiredOption('--team <id>', 'owning team id')
      .requiredOption('--file <file>', 'template JSON file ("-" for stdin)')
      .option('--slug <slug>', 'slug (default: from meta.name, numbered if taken)')
      .option('--library <slug>', 'also publish under <library>:<slug> for every team')
      .option(
        '--publish',
        'publish at once (default: draft); with the --slug of an existing template: publish the file as its next version',
      )
      .option('--note <text>', 'with --publish: a note on the version')
      .action(async (raw: StoreLocation) => {
        const options = parseOptions(importSchema, raw);
        // Validated before the store is opened: a bad file changes nothing.
        const content = parseTemplate(readJsonFile(options.file, 'template'));
        await runWithStore(raw, async (store) =>
          templateSummary(await store.transaction((trx) => importTemplate(trx, options, content))),
        );
      }),
  );

  template.addCommand(
    withStoreOptions(new Command('import-zpl'))
      .description(
        'import a ZPL label as a template: each field an element, ^FN fields bound to data.fieldN; prints the template with the warnings',
      )
      .argument('<file>', 'ZPL file ("-" for stdin)')
      .requiredOption('--team <id>', 'owning team id')
      .requiredOption('--slug <slug>', 'slug of the new template')
      .option('--name <name>', 'template name (default: "Imported ZPL label")')
      .option('--size <WxH>', "label size in inches, as the printer's media", '4x6')
      .option('--dpmm <n>', 'print density the ZPL was written for: 6, 8, 12 or 24 dots per mm', '8')
      .option('--index <n>', 'which label of the file, from 0', '0')
      .option('--publish', 'publish at once (default: draft)')
      .action(async (file: string, raw: StoreLocation) => {
        const options = parseOptions(importZplSchema, raw);
        // Read and lifted before the store is opened: unreadable ZPL changes nothing.
        const size = parseLabelSize(`${options.dpmm}dpmm`, options.size);
        const text = zplTextFromBytes(readInputBytes(file, 'ZPL'));
        // The ZPL reader and the fonts are loaded by this subcommand only: the others start without them.
        const [{ importZpl }, { bundledFonts }] = await Promise.all([
          import('@shared/read/zpl/importZpl'),
          import('../fonts/bundledFonts'),
        ]);
        const { template: content, warnings } = importZpl(text, {
          ...size,
          index: parseLabelIndex(options.index) ?? 0,
          name: options.name,
          fonts: bundledFonts(),
        });
        await runWithStore(raw, async (store) => {
          const record = await store.transaction((trx) => importTemplate(trx, options, content));
          return { ...templateSummary(record), warnings };
        });
      }),
  );

  template.addCommand(
    withStoreOptions(new Command('list'))
      .description('list a team\'s templates, drafts included; prints {"templates": […]}')
      .requiredOption('--team <id>', 'team id')
      .action((options: StoreLocation & { team: string }) =>
        runWithStore(options, async (store) => {
          found(await store.teams.get(options.team), 'team', options.team);
          return {
            templates: (await store.templates.listForTeam(options.team, { publishedOnly: false })).map(templateSummary),
          };
        }),
      ),
  );

  template.addCommand(
    withStoreOptions(new Command('publish'))
      .description(
        "publish the draft as the template's next version: API keys render it; prints the template and the version",
      )
      .argument('<id>', 'template id')
      .option('--note <text>', 'a note on the version')
      .action(async (id: string, raw: StoreLocation) => {
        const options = parseOptions(publishSchema, raw);
        await runWithStore(raw, (store) =>
          store.transaction(async (trx) => {
            const published = found(await trx.templates.publish(id, cliAuthorship(options.note)), 'template', id);
            return { ...templateSummary(published.template), version: versionSummary(published.version) };
          }),
        );
      }),
  );

  template.addCommand(
    withStoreOptions(new Command('unpublish'))
      .description('make a template a draft again: API keys no longer see it (its versions stay)')
      .argument('<id>', 'template id')
      .action((id: string, options: StoreLocation) =>
        runWithStore(options, (store) =>
          store.transaction(async (trx) => templateSummary(found(await trx.templates.unpublish(id), 'template', id))),
        ),
      ),
  );

  template.addCommand(
    withStoreOptions(new Command('versions'))
      .description(
        'list a template\'s published versions, newest first; prints {"templateId", "slug", "versions": [{number, createdAt, author, note}]}',
      )
      .argument('<template>', 'template id or slug')
      .option('--team <id>', 'the team whose slug this is (needed when several teams have it)')
      .action(async (key: string, raw: StoreLocation) => {
        const options = parseOptions(versionsSchema, raw);
        await runWithStore(raw, async (store) => {
          const record = await templateByKey(store, key, options.team);
          return {
            templateId: record.id,
            slug: record.slug,
            versions: (await store.templateVersions.list(record.id)).map(({ templateId: _id, ...version }) => version),
          };
        });
      }),
  );

  template.addCommand(
    withStoreOptions(new Command('restore'))
      .description(
        "publish an old version's content again as the next version (history is never rewritten), and make it the draft",
      )
      .argument('<template>', 'template id or slug')
      .requiredOption('--version <n>', 'the version to restore')
      .option('--team <id>', 'the team whose slug this is (needed when several teams have it)')
      .option('--note <text>', 'a note on the new version (default: "restored from <n>")')
      .action(async (key: string, raw: StoreLocation) => {
        const options = parseOptions(restoreSchema, raw);
        await runWithStore(raw, (store) =>
          store.transaction(async (trx) => {
            const record = await templateByKey(trx, key, options.team);
            const restored = await trx.templates.restore(record.id, options.version, cliAuthorship(options.note));
            if (!restored) throw new TemplateVersionNotFoundError(key, options.version, record.latestVersion);
            return { ...templateSummary(restored.template), version: versionSummary(restored.version) };
          }),
        );
      }),
  );

  template.addCommand(
    withStoreOptions(new Command('export'))
      .description('print the stored template JSON')
      .argument('<id>', 'template id')
      .action((id: string, options: StoreLocation) =>
        runWithStore(options, async (store) => found(await store.templates.get(id), 'template', id).content),
      ),
  );

  return template;
}
