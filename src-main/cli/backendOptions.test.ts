// The backend options: flags and LABELSMITH_*_URL resolved through commander (flag first), checked in one place; and the CLI on a real PostgreSQL by --database and by the variable.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../test/support/store/postgresTestSupport';
import { bundleForNode, tempDataDir } from '../../test/support/store/storeTestSupport';
import { BACKEND_ENV, resolveBackends, withBackendOptions, type BackendOptions } from './backendOptions';
import { UsageError } from './cliErrors';
import { cliProcess } from '../../test/support/cli/cliTestSupport';

const saved = { ...process.env };
afterEach(() => {
  for (const name of Object.values(BACKEND_ENV)) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** What commander hands an action for `args` under `env` (commander reads the variables while parsing). */
function parsed(args: string[], env: Partial<Record<keyof typeof BACKEND_ENV, string>> = {}): BackendOptions {
  for (const name of Object.values(BACKEND_ENV)) delete process.env[name];
  for (const [key, value] of Object.entries(env)) process.env[BACKEND_ENV[key as keyof typeof BACKEND_ENV]] = value;
  let options: BackendOptions = {};
  const command = withBackendOptions(new Command('serve')).action((given: BackendOptions) => {
    options = given;
  });
  command.parse(args, { from: 'user' });
  return options;
}

const PG = 'postgres://labelsmith:secret@db.internal:5432/labelsmith';
const REDIS = 'redis://cache.internal:6379';

describe('backend options', () => {
  it('take the flag, else the variable, else nothing (the embedded default); an empty variable is unset', () => {
    expect(resolveBackends(parsed([]), 'serve')).toEqual({});
    expect(resolveBackends(parsed([], { database: PG, outputs: 's3://labels/site-a', redis: REDIS }), 'serve')).toEqual(
      {
        databaseUrl: PG,
        outputsUrl: 's3://labels/site-a',
        redisUrl: REDIS,
      },
    );
    const flagged = parsed(['--outputs', 's3://from-flag', '--redis', 'redis://flag:6379'], {
      outputs: 's3://from-env/x',
      redis: REDIS,
    });
    expect(resolveBackends(flagged, 'admin')).toEqual({ outputsUrl: 's3://from-flag', redisUrl: 'redis://flag:6379' });
    expect(resolveBackends(parsed([], { database: '', outputs: ' ' }), 'serve')).toEqual({});
  });

  it('refuse a malformed URL as bad input, naming the option and its variable but never echoing a password', () => {
    const refusal = (options: BackendOptions, command: 'serve' | 'admin' = 'admin'): string => {
      try {
        resolveBackends(options, command);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refusal({ database: 'mysql://root:hunter2@db/labels' })).toMatch(
      /^--database \(or LABELSMITH_DATABASE_URL\): expected a postgres:\/\/.* scheme "mysql"/,
    );
    expect(refusal({ database: 'mysql://root:hunter2@db/labels' })).not.toContain('hunter2');
    expect(refusal({ database: 'postgres://[bad' })).toMatch(/--database/);
    expect(refusal({ outputs: '/var/lib/labelsmith/outputs' })).toMatch(
      /^--outputs \(or LABELSMITH_OUTPUTS_URL\): expected s3:\/\/bucket\/prefix/,
    );
    expect(refusal({ outputs: 's3://Not_A_Bucket/x' })).toMatch(/is not a bucket name/);
    expect(refusal({ outputs: 's3://labels/a/../b' })).toMatch(/has an empty, "\." or "\.\." segment/);
    // Credentials pasted into the URL are refused as such and never repeated, whatever part of it they land in.
    for (const outputs of [
      's3://AKIAEXAMPLEKEY:wJalrSecretKey42@labels/site-a',
      's3://wJalrSecretKey42@labels',
      's3://labels/wJalrSecretKey42?x=1',
      's3://wJalrSecretKey42!/x',
    ]) {
      const message = refusal({ outputs });
      expect(message).toMatch(/^--outputs \(or LABELSMITH_OUTPUTS_URL\): /);
      expect(message).not.toContain('wJalrSecretKey42');
      expect(message).not.toContain('AKIAEXAMPLEKEY');
    }
    expect(refusal({ outputs: 's3://KEY:SECRET@labels' })).toMatch(/holds no credentials.*AWS_ACCESS_KEY_ID/);
    expect(refusal({ redis: 'http://cache:6379' })).toMatch(
      /^--redis \(or LABELSMITH_REDIS_URL\): expected a redis:\/\/ or rediss:\/\/ URL/,
    );
  });

  it('make serve refuse PostgreSQL without Redis (in-process limits only with SQLite); the admin commands do not need it', () => {
    expect(() => resolveBackends({ database: PG }, 'serve')).toThrow(
      /--redis \(or LABELSMITH_REDIS_URL\): required with a PostgreSQL database/,
    );
    expect(resolveBackends({ database: PG }, 'admin')).toEqual({ databaseUrl: PG });
    expect(resolveBackends({ database: PG, redis: 'rediss://cache:6380' }, 'serve')).toEqual({
      databaseUrl: PG,
      redisUrl: 'rediss://cache:6380',
    });
    expect(resolveBackends({ outputs: 's3://labels' }, 'serve')).toEqual({ outputsUrl: 's3://labels' });
  });
});

describe('the CLI on PostgreSQL', () => {
  let cli = '';
  beforeAll(async () => {
    cli = await bundleForNode(join(import.meta.dirname, 'labelsmith.ts'));
  });
  const { json, refused, run } = cliProcess(() => cli);

  it('keeps teams in the database of --database or LABELSMITH_DATABASE_URL, not in the data directory', async () => {
    const url = await freshDatabaseUrl();
    const dir = tempDataDir();
    const team = await json([
      'team',
      'create',
      '--name',
      'Shared',
      '--plan',
      'pro',
      '--data-dir',
      dir,
      '--database',
      url,
    ]);
    expect(await json(['team', 'list', '--data-dir', dir], { LABELSMITH_DATABASE_URL: url })).toEqual({
      teams: [team],
    });
    expect(existsSync(join(dir, 'labelsmith.db'))).toBe(false);
    // The flag wins over the variable: the data directory's own SQLite store has no team.
    expect(
      await json(['team', 'list', '--data-dir', tempDataDir(), '--database', url], {
        LABELSMITH_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      }),
    ).toEqual({
      teams: [team],
    });
    expect(await json(['team', 'list', '--data-dir', dir])).toEqual({ teams: [] });
    await refused(
      ['team', 'list', '--data-dir', dir, '--database', 'sqlite:///tmp/x.db'],
      /--database \(or LABELSMITH_DATABASE_URL\): expected a postgres:\/\//,
    );
    // No Redis from the environment either (a PostgreSQL pass of the suite gives its processes one).
    await refused(
      ['serve', '--data-dir', dir, '--database', url],
      /--redis \(or LABELSMITH_REDIS_URL\): required with a PostgreSQL database/,
      { LABELSMITH_REDIS_URL: '' },
    );
  });

  it('never prints the credentials of an s3:// URL given to serve, by flag or variable', async () => {
    const outputs = 's3://AKIAEXAMPLEKEY:wJalrSecretKey42@labels/site-a';
    for (const [args, env] of [
      [['--outputs', outputs], {}],
      [[], { LABELSMITH_OUTPUTS_URL: outputs }],
    ] as const) {
      const result = await run(['serve', '--data-dir', tempDataDir(), '--port', '0', ...args], env);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--outputs \(or LABELSMITH_OUTPUTS_URL\): an s3:\/\/ URL holds no credentials/);
      for (const secret of ['wJalrSecretKey42', 'AKIAEXAMPLEKEY'])
        expect(result.stdout + result.stderr).not.toContain(secret);
    }
  });
});
