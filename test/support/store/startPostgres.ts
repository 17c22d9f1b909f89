// Starts a real PostgreSQL 15 (initdb + pg_ctl in a temporary directory, loopback port) and makes databases on it: the core of the tests' PostgreSQL and the bench's, free of any test runner.
import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../server/freePort';

const run = promisify(execFile);
const BIN = process.env.LABELSMITH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** PostgreSQL refuses to run as root: its programs run as this user then. */
const POSTGRES_USER = 'postgres';

export interface PostgresServer {
  port: number;
  /** A new, empty database; its postgres:// URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
  /** Stops the server and keeps its data (fast shutdown: every commit is on disk, as after a clean restart). */
  pause(): Promise<void>;
  /** Starts a paused server again, on the same port with the same data. */
  resume(): Promise<void>;
}

export interface PostgresOptions {
  /**
   * Keep PostgreSQL's own durability (fsync and synchronous commit on), as the bench does to compare it with SQLite,
   * which syncs every commit (synchronous=FULL). Off by default: a test database that a crash loses is simply made again.
   */
  durable?: boolean;
}

function asPostgres(program: string, args: string[]): Promise<unknown> {
  const path = join(BIN, program);
  return process.getuid?.() === 0 ? run('runuser', ['-u', POSTGRES_USER, '--', path, ...args]) : run(path, args);
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-pg-'));
  try {
    if (process.getuid?.() === 0) {
      const uid = Number((await run('id', ['-u', POSTGRES_USER])).stdout.trim());
      const gid = Number((await run('id', ['-g', POSTGRES_USER])).stdout.trim());
      chownSync(dir, uid, gid);
    }
    const data = join(dir, 'data');
    const port = await freePort();
    await asPostgres('initdb', [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      POSTGRES_USER,
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    const speed = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${speed}`;
    const start = () => asPostgres('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', 'start']);
    await start();
    return {
      port,
      createDatabase: async (name) => {
        const admin = new pg.Client({ host: '127.0.0.1', port, user: POSTGRES_USER, database: 'postgres' });
        await admin.connect();
        try {
          await admin.query(`CREATE DATABASE ${name}`);
        } finally {
          await admin.end();
        }
        return `postgres://${POSTGRES_USER}@127.0.0.1:${port}/${name}`;
      },
      // Fast, not immediate: with synchronous_commit off an immediate stop could lose the last commits it acknowledged.
      pause: async () => {
        await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      },
      resume: async () => {
        await start();
      },
      stop: async () => {
        await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
