import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../test/support/store/postgresTestSupport';
import { recordRender } from '../store/recordRender';
import { bucketKeys, freshBucketUrl } from '../../test/support/store/s3TestSupport';
import { bundleForNode, openTestStore, tempDataDir, testStoreOpener } from '../../test/support/store/storeTestSupport';

const openSqlite = testStoreOpener('sqlite');
import { cliProcess } from '../../test/support/cli/cliTestSupport';

let cli = '';
beforeAll(async () => {
  cli = await bundleForNode(join(import.meta.dirname, 'labelsmith.ts'));
});

const { json, refused, run } = cliProcess(() => cli);

describe('labelsmith store copy', () => {
  it('moves an embedded installation to PostgreSQL, prints the verified counts, and copies nothing again', async () => {
    const dir = tempDataDir();
    const embedded = await openSqlite(dir);
    const team = await embedded.teams.create({ name: 'Acme', plan: 'pro' });
    const { key } = await embedded.apiKeys.create({ teamId: team.id, mode: 'live', name: 'warehouse' });
    await embedded.close();
    const url = await freshDatabaseUrl();

    const first = (await json(['store', 'copy', '--from', `sqlite:${dir}`, '--to', url])) as {
      tables: { table: string; copied: number; present: number }[];
    };
    expect(first.tables.find((copy) => copy.table === 'teams')).toEqual({
      table: 'teams',
      source: 1,
      copied: 1,
      present: 0,
      target: 1,
    });
    expect(first.tables.find((copy) => copy.table === 'api_keys')).toMatchObject({ copied: 1 });
    const second = (await json(['store', 'copy', '--from', `sqlite:${dir}`, '--to', url])) as typeof first;
    expect(second.tables.every((copy) => copy.copied === 0)).toBe(true);

    // The key hash came along: the key shown once still opens the team, now on PostgreSQL.
    const shared = await openTestStore(tempDataDir(), { databaseUrl: url });
    expect((await shared.apiKeys.authenticate(key))?.team.id).toBe(team.id);
  });

  it('with --outputs, puts the kept outputs and print job documents in the bucket before the rows, once', async () => {
    const dir = tempDataDir();
    const embedded = await openSqlite(dir);
    const team = await embedded.teams.create({ name: 'Acme', plan: 'pro' });
    const render = await recordRender(embedded, {
      teamId: team.id,
      apiKeyId: null,
      mode: 'live',
      format: 'zpl',
      bytes: Buffer.from('^XA^FDkept^FS^XZ'),
      renderTimeMs: 1,
    });
    const printer = await embedded.printers.create({
      teamId: team.id,
      name: 'Dock',
      connection: { kind: 'raw', host: '127.0.0.1', port: 9100 },
      dpi: 203,
      media: null,
      darkness: null,
      speed: null,
    });
    const job = await embedded.printJobs.create({
      id: randomUUID(),
      teamId: team.id,
      apiKeyId: null,
      mode: 'live',
      printerId: printer.id,
      format: 'zpl',
      labelCount: 1,
      copies: 1,
      warnings: [],
    });
    await embedded.printDocuments.write(job.id, 'zpl', Buffer.from('^XA^FDjob^FS^XZ'));
    await embedded.close();
    const [url, outputs] = await Promise.all([freshDatabaseUrl(), freshBucketUrl()]);

    const copied = (await json(['store', 'copy', '--from', `sqlite:${dir}`, '--to', url, '--outputs', outputs])) as {
      objects: unknown[];
    };
    expect(copied.objects).toEqual([
      { area: 'outputs', source: 1, copied: 1, present: 0, missing: 0 },
      { area: 'printDocuments', source: 1, copied: 1, present: 0, missing: 0 },
    ]);
    const again = (await json(['store', 'copy', '--from', `sqlite:${dir}`, '--to', url, '--outputs', outputs])) as {
      objects: unknown[];
    };
    expect(again.objects).toEqual([
      { area: 'outputs', source: 1, copied: 0, present: 1, missing: 0 },
      { area: 'printDocuments', source: 1, copied: 0, present: 1, missing: 0 },
    ]);
    expect(await bucketKeys(outputs)).toEqual([
      `labelsmith/site-a/outputs/${render.fileName}`,
      `labelsmith/site-a/print-jobs/${job.id}.zpl`,
    ]);

    // A node of the shared installation serves the copied output from the bucket.
    const shared = await openTestStore(tempDataDir(), { databaseUrl: url, outputsUrl: outputs });
    expect((await shared.outputs.read(render.fileName)).toString()).toBe('^XA^FDkept^FS^XZ');
  });

  it('refuses a directory without an installation and a target it cannot open, exit 2', async () => {
    await refused(
      ['store', 'copy', '--from', `sqlite:${tempDataDir()}`, '--to', 'postgres://127.0.0.1:1/none'],
      /--from: .* holds no labelsmith\.db/,
    );
    await refused(
      ['store', 'copy', '--from', '/var/data', '--to', 'postgres://127.0.0.1:1/none'],
      /--from: must be sqlite:DIR/,
    );
    await refused(
      ['store', 'copy', '--from', `sqlite:${tempDataDir()}`, '--to', 'mysql://host/db'],
      /--to: must be postgres:\/\/… or sqlite:DIR/,
    );
  });

  it('refuses an s3:// URL with credentials in it without printing them, exit 2', async () => {
    const dir = tempDataDir();
    await (await openSqlite(dir)).close();
    for (const outputs of [
      's3://AKIAEXAMPLEKEY:wJalrSecretKey42@labels/site-a',
      's3://labels/site-a?secret=wJalrSecretKey42',
    ]) {
      const result = await run([
        'store',
        'copy',
        '--from',
        `sqlite:${dir}`,
        '--to',
        `sqlite:${tempDataDir()}`,
        '--outputs',
        outputs,
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^.*--outputs: /m);
      for (const secret of ['wJalrSecretKey42', 'AKIAEXAMPLEKEY'])
        expect(result.stdout + result.stderr).not.toContain(secret);
    }
  });
});
