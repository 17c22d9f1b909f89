// Test helper: a real PostgreSQL 15 per test file (initdb + pg_ctl in a temporary directory, loopback port, fsync off), a fresh database per store.
import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../testing/freePort';
import { perFileServer } from '../testing/perFileServer';

const run = promisify(execFile);
const BIN = process.env.LABELSMITH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** PostgreSQL refuses to run as root: the tests run its programs as this user then. */
const POSTGRES_USER = 'postgres';

interface PostgresServer {
  port: number;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
  /** Stops the server and keeps its data (fast shutdown: every commit is on disk, as after a clean restart). */
  pause(): Promise<void>;
  /** Starts a paused server again, on the same port with the same data. */
  resume(): Promise<void>;
}

function asPostgres(program: string, args: string[]): Promise<unknown> {
  const path = join(BIN, program);
  return process.getuid?.() === 0 ? run('runuser', ['-u', POSTGRES_USER, '--', path, ...args]) : run(path, args);
}

async function startServer(): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number((await run('id', ['-u', POSTGRES_USER])).stdout.trim());
    const gid = Number((await run('id', ['-g', POSTGRES_USER])).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', POSTGRES_USER, '-E', 'UTF8', '--no-sync', '--no-instructions']);
  // Speed over durability: a test database that a crash loses is simply made again.
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () => asPostgres('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', 'start']);
  await start();
  return {
    port,
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
}

const postgresServer = perFileServer(startServer);

let databases = 0;

/** Stops this file's PostgreSQL server, keeping its databases, until resumePostgres: for tests of a lost database. */
export async function pausePostgres(): Promise<void> {
  await (await postgresServer()).pause();
}

export async function resumePostgres(): Promise<void> {
  await (await postgresServer()).resume();
}

/** A new, empty database on this file's PostgreSQL server (started on first use, stopped after the file's tests). */
export async function freshDatabaseUrl(): Promise<string> {
  const { port } = await postgresServer();
  databases += 1;
  const name = `labelsmith_test_${process.pid}_${databases}`;
  const admin = new pg.Client({ host: '127.0.0.1', port, user: POSTGRES_USER, database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return `postgres://${POSTGRES_USER}@127.0.0.1:${port}/${name}`;
}
