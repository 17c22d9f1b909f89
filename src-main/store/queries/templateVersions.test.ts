import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTemplate } from '@shared/model/template';
import { migrate } from '../migrate';
import { MIGRATIONS } from '../migrations';
import { DATABASE_FILE } from '../openStore';
import {
  sampleTemplate,
  tempDataDir,
  testClock,
  STORE_DIALECTS,
  testStoreOpener,
} from '../../../test/support/store/storeTestSupport';

const EDITOR = { author: 'editor' };

describe.each(STORE_DIALECTS)('template versions on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('are numbered 1, 2, … per template by each publish, with author and note, listed newest first', async () => {
    const clock = testClock(1000);
    const store = await openTestStore(undefined, { now: clock.now });
    const team = await store.teams.create({ name: 'Acme', plan: 'pro' });
    const tag = await store.templates.create({
      teamId: team.id,
      content: sampleTemplate('Tag v1'),
      publish: { author: 'cli:ops', note: 'first' },
    });
    const other = await store.templates.create({ teamId: team.id, content: sampleTemplate('Other') });
    expect(tag).toMatchObject({ status: 'published', latestVersion: 1, draftChanged: false });
    expect(other).toMatchObject({ status: 'draft', latestVersion: null, draftChanged: true });

    clock.advance(10);
    await store.templates.update(tag.id, sampleTemplate('Tag v2'));
    expect(await store.templates.get(tag.id)).toMatchObject({ latestVersion: 1, draftChanged: true });
    const second = await store.transaction((trx) => trx.templates.publish(tag.id, EDITOR));
    expect(second?.version).toMatchObject({
      templateId: tag.id,
      number: 2,
      author: 'editor',
      note: null,
      createdAt: 1010,
    });
    expect(second?.template).toMatchObject({ latestVersion: 2, draftChanged: false });
    // The other template's history is its own: its first publish is its version 1.
    expect((await store.templates.publish(other.id, EDITOR))?.version.number).toBe(1);

    expect(await store.templateVersions.list(tag.id)).toEqual([
      { templateId: tag.id, number: 2, author: 'editor', note: null, createdAt: 1010 },
      { templateId: tag.id, number: 1, author: 'cli:ops', note: 'first', createdAt: 1000 },
    ]);
    expect((await store.templateVersions.get(tag.id, 1))?.content).toEqual(sampleTemplate('Tag v1'));
    expect((await store.templateVersions.latest(tag.id))?.content.meta.name).toBe('Tag v2');
    expect(await store.templateVersions.get(tag.id, 3)).toBeUndefined();
    expect(await store.templates.publish('nope', EDITOR)).toBeUndefined();
  });

  it('are immutable: the database refuses to change one', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'pro' });
    const tag = await store.templates.create({ teamId: team.id, content: sampleTemplate('Tag'), publish: EDITOR });
    await expect(
      store.db.updateTable('template_versions').set({ note: 'rewritten' }).where('template_id', '=', tag.id).execute(),
    ).rejects.toThrow(/immutable/);
    expect((await store.templateVersions.get(tag.id, 1))?.note).toBeNull();
  });

  it('restore publishes an old content as the next version, noted, and makes it the draft', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'pro' });
    const tag = await store.templates.create({ teamId: team.id, content: sampleTemplate('Tag v1'), publish: EDITOR });
    await store.templates.update(tag.id, sampleTemplate('Tag v2'));
    await store.templates.publish(tag.id, EDITOR);
    await store.templates.update(tag.id, sampleTemplate('Unpublished edit'));

    const restored = await store.transaction((trx) => trx.templates.restore(tag.id, 1, { author: 'cli:ops' }));
    expect(restored?.version).toMatchObject({ number: 3, author: 'cli:ops', note: 'restored from 1' });
    expect(restored?.version.content).toEqual(sampleTemplate('Tag v1'));
    expect(restored?.template).toMatchObject({
      name: 'Tag v1',
      status: 'published',
      latestVersion: 3,
      draftChanged: false,
    });
    expect(restored?.template.content).toEqual(sampleTemplate('Tag v1'));
    // Versions 1 and 2 are as they were.
    expect((await store.templateVersions.get(tag.id, 2))?.content.meta.name).toBe('Tag v2');
    expect(await store.templates.restore(tag.id, 9, EDITOR)).toBeUndefined();
    expect((await store.templates.restore(tag.id, 2, { author: 'editor', note: 'back to v2' }))?.version.note).toBe(
      'back to v2',
    );
  });

  it('stay with the template when it is unpublished, survive a reopen, and go with it when it is deleted', async () => {
    const dir = tempDataDir();
    const first = await openTestStore(dir);
    const team = await first.teams.create({ name: 'Acme', plan: 'pro' });
    const tag = await first.templates.create({ teamId: team.id, content: sampleTemplate('Tag'), publish: EDITOR });
    await first.templates.publish(tag.id, { author: 'editor', note: 'again' });
    await first.templates.unpublish(tag.id);
    await first.close();

    const second = await openTestStore(dir);
    expect(await second.templates.get(tag.id)).toMatchObject({ status: 'draft', latestVersion: 2 });
    expect((await second.templateVersions.list(tag.id)).map((version) => [version.number, version.note])).toEqual([
      [2, 'again'],
      [1, null],
    ]);
    await second.templates.remove(tag.id);
    expect(await second.templateVersions.list(tag.id)).toEqual([]);
  });

  // Older databases exist only on SQLite: PostgreSQL support starts with the whole history.
  it.skipIf(dialect === 'postgres')(
    '0008 makes each published template of an older database its version 1, drafts none',
    async () => {
      const dir = tempDataDir();
      const db = new Database(join(dir, DATABASE_FILE));
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version < 8),
      );
      const content = JSON.stringify(sampleTemplate('Old tag'));
      db.prepare("INSERT INTO teams (id, name, plan, created_at) VALUES ('team', 'Acme', 'pro', 1)").run();
      const insert = db.prepare(
        "INSERT INTO templates (id, team_id, slug, name, status, content, created_at, updated_at) VALUES (?, 'team', ?, 'Old tag', ?, ?, 5, 77)",
      );
      insert.run('live', 'live', 'published', content);
      insert.run('draft', 'draft', 'draft', content);
      db.close();

      const store = await openTestStore(dir);
      expect(await store.templateVersions.list('live')).toEqual([
        { templateId: 'live', number: 1, author: null, note: null, createdAt: 77 },
      ]);
      expect((await store.templateVersions.get('live', 1))?.content).toEqual(parseTemplate(JSON.parse(content)));
      expect(await store.templates.get('live')).toMatchObject({ latestVersion: 1, draftChanged: false });
      expect(await store.templateVersions.list('draft')).toEqual([]);
    },
  );
});
