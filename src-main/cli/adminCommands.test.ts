import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTemplate } from '@shared/model/template';
import { recordRender } from '../store/recordRender';
import {
  bundleForNode,
  openTestStore,
  tempDataDir,
  sqliteOf,
  SUITE_DIALECT,
  testDatabaseEnv,
} from '../../test/support/store/storeTestSupport';
import { cliProcess } from '../../test/support/cli/cliTestSupport';

const SAMPLE = join(import.meta.dirname, '..', '..', 'resources', 'samples', 'shipping-4x6.template.json');
let cli = '';
beforeAll(async () => {
  cli = await bundleForNode(join(import.meta.dirname, 'labelsmith.ts'));
});

const { run, json, refused } = cliProcess(() => cli);

describe('labelsmith admin commands', () => {
  it('manage teams, keys, libraries and templates, each answering one JSON object', async () => {
    const dir = tempDataDir();
    const d = ['--data-dir', dir];
    // The server's connection stays open throughout: the CLI works beside it, and it sees the CLI's changes at once.
    const server = await openTestStore(dir);

    const team = await json(['team', 'create', '--name', 'Acme', '--plan', 'pro', '--quota-limit', '2', ...d]);
    expect(team).toMatchObject({ id: expect.any(String), name: 'Acme', plan: 'pro', quotaLimit: 2 });
    const teamId = String(team.id);
    expect(await json(['team', 'list', ...d])).toEqual({ teams: [team] });
    expect(await json(['team', 'set', teamId, '--plan', 'starter', '--rate-minute', '7', ...d])).toMatchObject({
      plan: 'starter',
      quotaLimit: 2,
      limits: { monthly: 2, perMinute: 7, perHour: 1000, hardCap: true },
    });
    expect(await json(['team', 'set', teamId, '--plan', 'pro', '--rate-minute', 'default', ...d])).toMatchObject({
      plan: 'pro',
      rateMinute: null,
    });

    const created = await json(['key', 'create', '--team', teamId, '--mode', 'live', '--name', 'warehouse', ...d]);
    const key = String(created.key);
    expect(key).toMatch(/^svc_sk_live_[A-Za-z0-9_-]{32,}$/);
    expect(created).toMatchObject({ id: expect.any(String), teamId, mode: 'live', demo: false, name: 'warehouse' });
    expect((await server.apiKeys.authenticate(key))?.team.id).toBe(teamId);
    const demo = await json(['key', 'create', '--team', teamId, '--mode', 'test', '--demo', ...d]);
    expect(demo).toMatchObject({ mode: 'test', demo: true });
    const listed = await json(['key', 'list', '--team', teamId, ...d]);
    expect(listed.keys).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(JSON.stringify(listed)).not.toMatch(/hash/i);
    expect(await json(['key', 'revoke', String(created.id), ...d])).toMatchObject({
      id: created.id,
      revokedAt: expect.any(Number),
    });
    expect(await server.apiKeys.authenticate(key)).toBeUndefined();

    expect(await json(['library', 'create', '--slug', 'shipping', '--name', 'Shipping labels', ...d])).toMatchObject({
      slug: 'shipping',
      name: 'Shipping labels',
    });
    expect(await json(['library', 'list', ...d])).toMatchObject({ libraries: [{ slug: 'shipping' }] });

    const imported = await json([
      'template',
      'import',
      '--team',
      teamId,
      '--file',
      SAMPLE,
      '--library',
      'shipping',
      '--publish',
      ...d,
    ]);
    expect(imported).toMatchObject({
      id: expect.any(String),
      slug: 'shipping-label-4x6',
      status: 'published',
      librarySlug: 'shipping',
    });
    const other = await server.teams.create({ name: 'Other', plan: 'dev' });
    expect((await server.templates.resolve(other.id, 'shipping:shipping-label-4x6', { publishedOnly: true }))?.id).toBe(
      imported.id,
    );
    const draft = await json(['template', 'import', '--team', teamId, '--file', SAMPLE, '--slug', 'mine', ...d]);
    expect(draft).toMatchObject({ slug: 'mine', status: 'draft', libraryId: null });
    expect(await json(['template', 'list', '--team', teamId, ...d])).toMatchObject({
      templates: [{ id: imported.id }, { id: draft.id }],
    });
    expect(await json(['template', 'publish', String(draft.id), ...d])).toMatchObject({
      id: draft.id,
      status: 'published',
    });
    expect(await json(['template', 'unpublish', String(imported.id), ...d])).toMatchObject({ status: 'draft' });
    expect(
      await server.templates.resolve(other.id, 'shipping:shipping-label-4x6', { publishedOnly: true }),
    ).toBeUndefined();
    expect(await json(['template', 'export', String(draft.id), ...d])).toEqual(
      parseTemplate(JSON.parse(readFileSync(SAMPLE, 'utf8'))),
    );

    // Three live renders against a soft quota of 2: overage, flagged for review.
    for (let i = 0; i < 3; i += 1)
      await recordRender(server, {
        teamId,
        apiKeyId: null,
        mode: 'live',
        format: 'zpl',
        bytes: Buffer.from('^XA^XZ'),
        renderTimeMs: 1,
      });
    expect(await json(['team', 'show', teamId, ...d])).toMatchObject({
      usage: { live: 3, test: 0 },
      quota: { limit: 2, remaining: 0, hardCap: false },
      overage: true,
      flaggedForReview: true,
      period: {
        start: expect.stringMatching(/-01T00:00:00\.000Z$/),
        end: expect.stringMatching(/-01T00:00:00\.000Z$/),
      },
    });
  });

  it('find the data directory in LABELSMITH_DATA_DIR when --data-dir is not given', async () => {
    const dir = tempDataDir();
    const team = await json(['team', 'create', '--name', 'Env', '--plan', 'dev'], {
      LABELSMITH_DATA_DIR: dir,
      ...(await testDatabaseEnv(dir)),
    });
    expect((await (await openTestStore(dir)).teams.get(String(team.id)))?.name).toBe('Env');
  });

  it('refuse bad arguments with a message naming the problem and exit code 2, writing nothing', async () => {
    const dir = tempDataDir();
    const d = ['--data-dir', dir];
    const teamId = String((await json(['team', 'create', '--name', 'Acme', '--plan', 'dev', ...d])).id);
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        formatVersion: 2,
        meta: { name: 'x' },
        dimensions: { width: '10qq', height: '5mm' },
        elements: [],
      }),
    );
    await Promise.all([
      refused(['team', 'create', '--name', 'X', '--plan', 'gold', ...d], /--plan.*gold.*dev, starter, pro, enterprise/),
      refused(['team', 'create', '--plan', 'dev', ...d], /--name/),
      refused(['team', 'create', '--name', ' ', '--plan', 'dev', ...d], /--name: must not be empty/),
      refused(
        ['team', 'create', '--name', 'X', '--plan', 'dev', '--quota-limit', '1.5', '--rate-hour', '0', ...d],
        /--quota-limit: .*"1\.5".*--rate-hour: .*"0"/,
      ),
      refused(['team', 'set', teamId, ...d], /nothing to change/),
      refused(['team', 'show', 'nope', ...d], /no team "nope" \(NOT_FOUND\)/),
      refused(['team', 'frobnicate', ...d], /unknown command 'frobnicate'/),
      refused(['key', 'create', '--team', 'nope', '--mode', 'live', ...d], /no team "nope"/),
      refused(['key', 'create', '--team', teamId, '--mode', 'prod', ...d], /--mode/),
      refused(['key', 'revoke', 'nope', ...d], /no API key "nope"/),
      refused(['library', 'create', '--slug', 'Not A Slug', '--name', 'x', ...d], /--slug: a slug is lower-case/),
      refused(
        ['template', 'import', '--team', teamId, '--file', bad, ...d],
        /INVALID_TEMPLATE[\s\S]*formatVersion: formatVersion must be 1[\s\S]*dimensions\.width: must be a number/,
      ),
      refused(
        ['template', 'import', '--team', teamId, '--file', join(dir, 'missing.json'), ...d],
        /cannot read template file/,
      ),
      refused(
        ['template', 'import', '--team', teamId, '--file', SAMPLE, '--library', 'nolib', ...d],
        /no library "nolib"/,
      ),
      refused(['template', 'export', 'nope', ...d], /no template "nope"/),
    ]);
    expect(await json(['key', 'list', '--team', teamId, ...d])).toEqual({ keys: [] });
    expect(await json(['template', 'list', '--team', teamId, ...d])).toEqual({ templates: [] });
    expect(await json(['team', 'list', ...d])).toMatchObject({ teams: [{ id: teamId }] });
    expect(await json(['library', 'list', ...d])).toEqual({ libraries: [] });

    await json(['library', 'create', '--slug', 'shared', '--name', 'Shared', ...d]);
    await refused(
      ['library', 'create', '--slug', 'shared', '--name', 'Again', ...d],
      /slug "shared" exists already \(CONFLICT\)/,
    );
    await json(['template', 'import', '--team', teamId, '--file', SAMPLE, '--slug', 'taken', ...d]);
    await refused(
      ['template', 'import', '--team', teamId, '--file', SAMPLE, '--slug', 'taken', ...d],
      /slug "taken" is taken/,
    );
  });

  // SQLite's single writer: PostgreSQL has row locks, which the store's own concurrency tests cover.
  it.runIf(SUITE_DIALECT === 'sqlite')(
    'wait for a write lock another connection holds instead of failing',
    async () => {
      const dir = tempDataDir();
      const server = await openTestStore(dir);
      sqliteOf(server).exec('BEGIN IMMEDIATE');
      await server.teams.create({ name: 'Inside the open transaction', plan: 'dev' });
      const started = Date.now();
      const pending = json(['team', 'create', '--name', 'Waited', '--plan', 'dev', '--data-dir', dir]);
      setTimeout(() => sqliteOf(server).exec('COMMIT'), 1500);
      const team = await pending;
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      expect((await server.teams.get(String(team.id)))?.name).toBe('Waited');
      expect(await server.teams.list()).toHaveLength(2);
    },
  );

  it('print help with exit code 0', async () => {
    const result = await run(['team', 'create', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/--quota-limit/);
  });
});
