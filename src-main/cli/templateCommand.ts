// `labelsmith template import|import-zpl|list|publish|unpublish|export`: team templates, optionally in a library.
import { Command } from 'commander';
import { z } from 'zod';
import { slugSchema } from '../../src-shared/api/slug';
import { parseLabelIndex, parseLabelSize } from '../../src-shared/api/zplViewer';
import { parseTemplate } from '../../src-shared/model/template';
import { importZpl } from '../../src-shared/read/zpl/importZpl';
import { zplTextFromBytes } from '../../src-shared/read/zpl/zplCharsets';
import { bundledFonts } from '../fonts/bundledFonts';
import type { Store } from '../store/openStore';
import type { TemplateRecord, TemplateStatus } from '../store/storeTypes';
import { found, nameSchema, parseOptions, runWithStore, withDataDirOption, type DataDirOption } from './adminCliSupport';
import { readInputBytes, readJsonFile } from './readInput';

const importSchema = z.object({
  dataDir: z.string().optional(),
  team: z.string(),
  file: z.string(),
  slug: slugSchema.optional(),
  library: z.string().optional(),
  publish: z.boolean().optional(),
});

const importZplSchema = z.object({
  dataDir: z.string().optional(),
  team: z.string(),
  slug: slugSchema,
  name: nameSchema.optional(),
  size: z.string(),
  dpmm: z.string(),
  index: z.string().optional(),
  publish: z.boolean().optional(),
});

/** A template without its content: what lists and status changes show. */
function summary({ content: _content, ...rest }: TemplateRecord): Omit<TemplateRecord, 'content'> {
  return rest;
}

function statusCommand(name: 'publish' | 'unpublish', status: TemplateStatus): Command {
  return withDataDirOption(new Command(name))
    .description(status === 'published' ? 'publish a template: API keys can render it' : 'make a template a draft again: API keys no longer see it')
    .argument('<id>', 'template id')
    .action((id: string, options: DataDirOption) =>
      runWithStore(options, (store) => store.transaction(() => summary(found(store.templates.setStatus(id, status), 'template', id)))),
    );
}

function importTemplate(store: Store, options: z.output<typeof importSchema>, content: ReturnType<typeof parseTemplate>): TemplateRecord {
  found(store.teams.get(options.team), 'team', options.team);
  const library = options.library === undefined ? undefined : found(store.libraries.getBySlug(options.library), 'library', options.library);
  return store.templates.create({ teamId: options.team, content, slug: options.slug, libraryId: library?.id, publish: options.publish });
}

export function templateCommand(): Command {
  const template = new Command('template').description('import, list, publish and export templates');

  template.addCommand(
    withDataDirOption(new Command('import'))
      .description('import a template file (validated first); prints {"id": …, "slug": …}')
      .requiredOption('--team <id>', 'owning team id')
      .requiredOption('--file <file>', 'template JSON file ("-" for stdin)')
      .option('--slug <slug>', 'slug (default: from meta.name, numbered if taken)')
      .option('--library <slug>', 'also publish under <library>:<slug> for every team')
      .option('--publish', 'publish at once (default: draft)')
      .action((raw: unknown) => {
        const options = parseOptions(importSchema, raw);
        // Validated before the store is opened: a bad file changes nothing.
        const content = parseTemplate(readJsonFile(options.file, 'template'));
        runWithStore(options, (store) => summary(store.transaction(() => importTemplate(store, options, content))));
      }),
  );

  template.addCommand(
    withDataDirOption(new Command('import-zpl'))
      .description('import a ZPL label as a template: each field an element, ^FN fields bound to data.fieldN; prints the template with the warnings')
      .argument('<file>', 'ZPL file ("-" for stdin)')
      .requiredOption('--team <id>', 'owning team id')
      .requiredOption('--slug <slug>', 'slug of the new template')
      .option('--name <name>', 'template name (default: "Imported ZPL label")')
      .option('--size <WxH>', 'label size in inches, as the printer\'s media', '4x6')
      .option('--dpmm <n>', 'print density the ZPL was written for: 6, 8, 12 or 24 dots per mm', '8')
      .option('--index <n>', 'which label of the file, from 0', '0')
      .option('--publish', 'publish at once (default: draft)')
      .action((file: string, raw: unknown) => {
        const options = parseOptions(importZplSchema, raw);
        // Read and lifted before the store is opened: unreadable ZPL changes nothing.
        const size = parseLabelSize(`${options.dpmm}dpmm`, options.size);
        const text = zplTextFromBytes(readInputBytes(file, 'ZPL'));
        const { template: content, warnings } = importZpl(text, { ...size, index: parseLabelIndex(options.index) ?? 0, name: options.name, fonts: bundledFonts() });
        runWithStore(options, (store) => {
          const record = store.transaction(() => importTemplate(store, { ...options, file }, content));
          return { ...summary(record), warnings };
        });
      }),
  );

  template.addCommand(
    withDataDirOption(new Command('list'))
      .description('list a team\'s templates, drafts included; prints {"templates": […]}')
      .requiredOption('--team <id>', 'team id')
      .action((options: DataDirOption & { team: string }) =>
        runWithStore(options, (store) => {
          found(store.teams.get(options.team), 'team', options.team);
          return { templates: store.templates.listForTeam(options.team, { publishedOnly: false }).map(summary) };
        }),
      ),
  );

  template.addCommand(statusCommand('publish', 'published'));
  template.addCommand(statusCommand('unpublish', 'draft'));

  template.addCommand(
    withDataDirOption(new Command('export'))
      .description('print the stored template JSON')
      .argument('<id>', 'template id')
      .action((id: string, options: DataDirOption) => runWithStore(options, (store) => found(store.templates.get(id), 'template', id).content)),
  );

  return template;
}
