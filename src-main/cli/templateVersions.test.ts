// `labelsmith template import --publish` of an existing slug, `template versions` and `template restore`, run as real CLI processes on a real data directory.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode, openTestStore, sampleTemplate, tempDataDir } from '../../test/support/store/storeTestSupport';
import { cliProcess } from '../../test/support/cli/cliTestSupport';

/** A dozen CLI processes one after another: each starts Node and opens the database, slow on a busy machine. */
const CLI_RUNS_TIMEOUT = 240_000;

let cli = '';
beforeAll(async () => {
  cli = await bundleForNode(join(import.meta.dirname, 'labelsmith.ts'));
});

const { json, refused } = cliProcess(() => cli);

/** A template file of this name in the data directory's parent folder. */
function templateFile(dir: string, name: string): string {
  const file = join(dir, `${name.replaceAll(' ', '-')}.template.json`);
  writeFileSync(file, JSON.stringify(sampleTemplate(name)));
  return file;
}

describe('template versions from the CLI', () => {
  it(
    'import --publish of an existing slug publishes the next version; versions lists them; restore publishes an old one again',
    async () => {
      const dir = tempDataDir();
      const d = ['--data-dir', dir];
      const teamId = String((await json(['team', 'create', '--name', 'Acme', '--plan', 'pro', ...d])).id);
      const first = await json([
        'template',
        'import',
        '--team',
        teamId,
        '--file',
        templateFile(dir, 'Shelf v1'),
        '--slug',
        'shelf',
        '--publish',
        ...d,
      ]);
      expect(first).toMatchObject({ slug: 'shelf', status: 'published', latestVersion: 1 });

      const second = await json([
        'template',
        'import',
        '--team',
        teamId,
        '--file',
        templateFile(dir, 'Shelf v2'),
        '--slug',
        'shelf',
        '--publish',
        '--note',
        'bigger title',
        ...d,
      ]);
      expect(second).toMatchObject({ id: first.id, slug: 'shelf', name: 'Shelf v2', latestVersion: 2, version: 2 });
      // Without --publish an existing slug stays a conflict: nothing changes.
      await refused(
        ['template', 'import', '--team', teamId, '--file', templateFile(dir, 'Shelf v9'), '--slug', 'shelf', ...d],
        /add --publish.*\(CONFLICT\)/,
      );

      const author = `cli:${userInfo().username}`;
      const listed = await json(['template', 'versions', 'shelf', ...d]);
      expect(listed).toEqual({
        templateId: first.id,
        slug: 'shelf',
        versions: [
          { number: 2, author, note: 'bigger title', createdAt: expect.any(Number) as unknown },
          { number: 1, author, note: null, createdAt: expect.any(Number) as unknown },
        ],
      });

      const restored = await json(['template', 'restore', 'shelf', '--version', '1', ...d]);
      expect(restored).toMatchObject({
        id: first.id,
        name: 'Shelf v1',
        latestVersion: 3,
        draftChanged: false,
        version: { number: 3, author, note: 'restored from 1' },
      });
      await refused(
        ['template', 'restore', 'shelf', '--version', '7', ...d],
        /no version 7: its versions are 1 to 3 \(TEMPLATE_VERSION_NOT_FOUND\)/,
      );
      await refused(['template', 'restore', 'shelf', '--version', 'one', ...d], /--version: must be a whole number/);
      expect((await json(['template', 'export', String(first.id), ...d])).meta).toEqual({ name: 'Shelf v1' });

      // What the CLI wrote is in the database file: versions 1 to 3, the third with version 1's content.
      const store = await openTestStore(dir);
      const id = String(first.id);
      expect((await store.templateVersions.list(id)).map((version) => version.number)).toEqual([3, 2, 1]);
      expect((await store.templateVersions.get(id, 3))?.content).toEqual(
        (await store.templateVersions.get(id, 1))?.content,
      );
      expect((await store.templateVersions.get(id, 2))?.content).toEqual(sampleTemplate('Shelf v2'));
    },
    CLI_RUNS_TIMEOUT,
  );

  it(
    'publish makes a version with a note; a slug two teams use needs --team',
    async () => {
      const dir = tempDataDir();
      const d = ['--data-dir', dir];
      const [acme, other] = await Promise.all(
        ['Acme', 'Other'].map(async (name) =>
          String((await json(['team', 'create', '--name', name, '--plan', 'pro', ...d])).id),
        ),
      );
      const draft = await json([
        'template',
        'import',
        '--team',
        String(acme),
        '--file',
        templateFile(dir, 'Tag'),
        '--slug',
        'tag',
        ...d,
      ]);
      expect(draft).toMatchObject({ status: 'draft', latestVersion: null, draftChanged: true });
      await json([
        'template',
        'import',
        '--team',
        String(other),
        '--file',
        templateFile(dir, 'Tag'),
        '--slug',
        'tag',
        '--publish',
        ...d,
      ]);

      const published = await json(['template', 'publish', String(draft.id), '--note', 'first run', ...d]);
      expect(published).toMatchObject({
        status: 'published',
        latestVersion: 1,
        version: { number: 1, note: 'first run' },
      });
      await refused(['template', 'versions', 'tag', ...d], /2 teams have a template "tag": add --team/);
      const mine = await json(['template', 'versions', 'tag', '--team', String(acme), ...d]);
      expect(mine).toMatchObject({ templateId: draft.id, versions: [{ number: 1, note: 'first run' }] });
      expect(await json(['template', 'versions', String(draft.id), ...d])).toEqual(mine);
      await refused(['template', 'versions', 'nope', ...d], /there is no template "nope"/);
    },
    CLI_RUNS_TIMEOUT,
  );
});
