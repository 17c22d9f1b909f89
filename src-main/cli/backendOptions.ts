// Where the store's backends are: --database, --outputs and --redis, or LABELSMITH_DATABASE_URL, LABELSMITH_OUTPUTS_URL and LABELSMITH_REDIS_URL; resolved and checked here, for `serve` and every command that opens the store.
import { Option, type Command } from 'commander';
import { isPostgresUrl } from '../store/databaseUrl';
import { parseS3Url } from '../store/s3Outputs';
import { isRedisUrl } from '../server/redisUrl';
import { UsageError } from './cliErrors';

export const BACKEND_ENV = {
  database: 'LABELSMITH_DATABASE_URL',
  outputs: 'LABELSMITH_OUTPUTS_URL',
  redis: 'LABELSMITH_REDIS_URL',
} as const;

/** The options as commander gives them: the flag's value, else the variable's (commander's own precedence). */
export interface BackendOptions {
  database?: string;
  outputs?: string;
  redis?: string;
}

/** Absent: the embedded default (SQLite and folders in the data directory, limits kept in the process). */
export interface Backends {
  databaseUrl?: string;
  outputsUrl?: string;
  redisUrl?: string;
}

export function withBackendOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--database <url>',
        'postgres://… : the PostgreSQL database several servers share (default: SQLite in the data directory)',
      ).env(BACKEND_ENV.database),
    )
    .addOption(
      new Option(
        '--outputs <url>',
        's3://bucket/prefix : keep render outputs and print job documents in S3-compatible storage (default: the data directory)',
      ).env(BACKEND_ENV.outputs),
    )
    .addOption(
      new Option(
        '--redis <url>',
        'redis://… : the Redis that keeps rate limits one budget across servers (required by serve with --database)',
      ).env(BACKEND_ENV.redis),
    );
}

/** A variable set to the empty string counts as unset, as LABELSMITH_DATA_DIR does. */
function given(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Names the option and its variable; never echoes the URL, which may hold a password. */
function problem(key: keyof typeof BACKEND_ENV, message: string): UsageError {
  return new UsageError(`--${key} (or ${BACKEND_ENV[key]}): ${message}`);
}

function isUrl(text: string): boolean {
  return URL.canParse(text);
}

function schemeOf(text: string): string {
  return /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1] ?? 'none';
}

/**
 * Checks the three URLs (exit 2 naming the option when one is malformed). `serve` with PostgreSQL must have Redis too:
 * several servers over one database would otherwise each keep their own rate limits. The admin commands accept --redis
 * as well, so one environment serves every command, but do not need it.
 */
export function resolveBackends(options: BackendOptions, command: 'serve' | 'admin'): Backends {
  const databaseUrl = given(options.database);
  const outputsUrl = given(options.outputs);
  const redisUrl = given(options.redis);
  if (databaseUrl !== undefined && !(isPostgresUrl(databaseUrl) && isUrl(databaseUrl))) {
    throw problem(
      'database',
      `expected a postgres://user:password@host:port/database URL, got one with scheme "${schemeOf(databaseUrl)}" (absent: SQLite in the data directory)`,
    );
  }
  if (outputsUrl !== undefined) {
    try {
      parseS3Url(outputsUrl);
    } catch (error) {
      throw problem(
        'outputs',
        `${error instanceof Error ? error.message : String(error)} (absent: the data directory)`,
      );
    }
  }
  if (redisUrl !== undefined && !(isRedisUrl(redisUrl) && isUrl(redisUrl))) {
    throw problem('redis', `expected a redis:// or rediss:// URL, got one with scheme "${schemeOf(redisUrl)}"`);
  }
  if (command === 'serve' && databaseUrl !== undefined && redisUrl === undefined) {
    throw problem(
      'redis',
      'required with a PostgreSQL database: servers sharing it must share their rate limits too; in-process limits are allowed only with SQLite',
    );
  }
  return { databaseUrl, outputsUrl, redisUrl };
}
