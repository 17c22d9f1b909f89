import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../../../src-shared/model/template';
import { migrate } from '../migrate';
import { MIGRATIONS } from '../migrations';
import { DATABASE_FILE } from '../openStore';
import { openTestStore, sampleTemplate, tempDataDir, testClock } from '../storeTestSupport';

const EDITOR = { author: 'editor' };

describe('template versions', () => {
  it('are numbered 1, 2, … per template by each publish, with author and note, listed newest first', () => {
    const clock = testClock(1000);
    const store = openTestStore(undefined, { now: clock.now });
    const team = store.teams.create({ name: 'Acme', plan: 'pro' });
    const tag = store.templates.create({ teamId: team.id, content: sampleTemplate('Tag v1'), publish: { author: 'cli:ops', note: 'first' } });
    const other = store.templates.create({ teamId: team.id, content: sampleTemplate('Other') });
    expect(tag).toMatchObject({ status: 'published', latestVersion: 1, draftChanged: false });
    expect(other).toMatchObject({ status: 'draft', latestVersion: null, draftChanged: true });

    clock.advance(10);
    store.templates.update(tag.id, sampleTemplate('Tag v2'));
    expect(store.templates.get(tag.id)).toMatchObject({ latestVersion: 1, draftChanged: true });
    const second = store.transaction(() => store.templates.publish(tag.id, EDITOR));
    expect(second?.version).toMatchObject({ templateId: tag.id, number: 2, author: 'editor', note: null, createdAt: 1010 });
    expect(second?.template).toMatchObject({ latestVersion: 2, draftChanged: false });
    // The other template's history is its own: its first publish is its version 1.
    expect(store.templates.publish(other.id, EDITOR)?.version.number).toBe(1);

    expect(store.templateVersions.list(tag.id)).toEqual([
      { templateId: tag.id, number: 2, author: 'editor', note: null, createdAt: 1010 },
      { templateId: tag.id, number: 1, author: 'cli:ops', note: 'first', createdAt: 1000 },
    ]);
    expect(store.templateVersions.get(tag.id, 1)?.content).toEqual(sampleTemplate('Tag v1'));
    expect(store.templateVersions.latest(tag.id)?.content.meta.name).toBe('Tag v2');
    expect(store.templateVersions.get(tag.id, 3)).toBeUndefined();
    expect(store.templates.publish('nope', EDITOR)).toBeUndefined();
  });

  it('are immutable: the database refuses to change one', () => {
    const store = openTestStore();
    const team = store.teams.create({ name: 'Acme', plan: 'pro' });
    const tag = store.templates.create({ teamId: team.id, content: sampleTemplate('Tag'), publish: EDITOR });
    expect(() => store.db.prepare("UPDATE template_versions SET note = 'rewritten' WHERE template_id = ?").run(tag.id)).toThrow(/immutable/);
    expect(store.templateVersions.get(tag.id, 1)?.note).toBeNull();
  });

  it('restore publishes an old content as the next version, noted, and makes it the draft', () => {
    const store = openTestStore();
    const team = store.teams.create({ name: 'Acme', plan: 'pro' });
    const tag = store.templates.create({ teamId: team.id, content: sampleTemplate('Tag v1'), publish: EDITOR });
    store.templates.update(tag.id, sampleTemplate('Tag v2'));
    store.templates.publish(tag.id, EDITOR);
    store.templates.update(tag.id, sampleTemplate('Unpublished edit'));

    const restored = store.transaction(() => store.templates.restore(tag.id, 1, { author: 'cli:ops' }));
    expect(restored?.version).toMatchObject({ number: 3, author: 'cli:ops', note: 'restored from 1' });
    expect(restored?.version.content).toEqual(sampleTemplate('Tag v1'));
    expect(restored?.template).toMatchObject({ name: 'Tag v1', status: 'published', latestVersion: 3, draftChanged: false });
    expect(restored?.template.content).toEqual(sampleTemplate('Tag v1'));
    // Versions 1 and 2 are as they were.
    expect(store.templateVersions.get(tag.id, 2)?.content.meta.name).toBe('Tag v2');
    expect(store.templates.restore(tag.id, 9, EDITOR)).toBeUndefined();
    expect(store.templates.restore(tag.id, 2, { author: 'editor', note: 'back to v2' })?.version.note).toBe('back to v2');
  });

  it('stay with the template when it is unpublished, survive a reopen, and go with it when it is deleted', () => {
    const dir = tempDataDir();
    const first = openTestStore(dir);
    const team = first.teams.create({ name: 'Acme', plan: 'pro' });
    const tag = first.templates.create({ teamId: team.id, content: sampleTemplate('Tag'), publish: EDITOR });
    first.templates.publish(tag.id, { author: 'editor', note: 'again' });
    first.templates.unpublish(tag.id);
    first.close();

    const second = openTestStore(dir);
    expect(second.templates.get(tag.id)).toMatchObject({ status: 'draft', latestVersion: 2 });
    expect(second.templateVersions.list(tag.id).map((version) => [version.number, version.note])).toEqual([
      [2, 'again'],
      [1, null],
    ]);
    second.templates.remove(tag.id);
    expect(second.templateVersions.list(tag.id)).toEqual([]);
  });

  it('0008 makes each published template of an older database its version 1, drafts none', () => {
    const dir = tempDataDir();
    const db = new Database(join(dir, DATABASE_FILE));
    migrate(db, MIGRATIONS.filter((migration) => migration.version < 8));
    const content = JSON.stringify(sampleTemplate('Old tag'));
    db.prepare("INSERT INTO teams (id, name, plan, created_at) VALUES ('team', 'Acme', 'pro', 1)").run();
    const insert = db.prepare("INSERT INTO templates (id, team_id, slug, name, status, content, created_at, updated_at) VALUES (?, 'team', ?, 'Old tag', ?, ?, 5, 77)");
    insert.run('live', 'live', 'published', content);
    insert.run('draft', 'draft', 'draft', content);
    db.close();

    const store = openTestStore(dir);
    expect(store.templateVersions.list('live')).toEqual([{ templateId: 'live', number: 1, author: null, note: null, createdAt: 77 }]);
    expect(store.templateVersions.get('live', 1)?.content).toEqual(parseTemplate(JSON.parse(content)));
    expect(store.templates.get('live')).toMatchObject({ latestVersion: 1, draftChanged: false });
    expect(store.templateVersions.list('draft')).toEqual([]);
  });
});
