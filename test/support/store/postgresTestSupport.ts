// Test helper: a real PostgreSQL 15 per test file (startPostgres: loopback port, temporary directory, fsync off), a fresh database per store.
import { randomBytes } from 'node:crypto';
import { startPostgres } from './startPostgres';
import { perFileServer } from '../server/perFileServer';

const postgresServer = perFileServer(() => startPostgres());

/** Stops this file's PostgreSQL server, keeping its databases, until resumePostgres: for tests of a lost database. */
export async function pausePostgres(): Promise<void> {
  await (await postgresServer()).pause();
}

export async function resumePostgres(): Promise<void> {
  await (await postgresServer()).resume();
}

/** A new, empty database on this file's PostgreSQL server (started on first use, stopped after the file's tests). */
export async function freshDatabaseUrl(): Promise<string> {
  // A random name: one made of the process id and a count met one an earlier file's server had, in the same process.
  return (await postgresServer()).createDatabase(`labelsmith_test_${randomBytes(8).toString('hex')}`);
}
