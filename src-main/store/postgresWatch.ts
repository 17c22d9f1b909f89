// The hot cache's watch on PostgreSQL: one connection per store LISTENs for the changes any node announces (NOTIFY at its commit); while that connection is lost or silent the cache is not trusted, and every request reads the database.
import { sql } from 'kysely';
import type pg from 'pg';
import type { ChangeWatch } from './hotCache';
import { guardedClient } from './postgresTransport';

/** The channel of key, team, template and version changes; the payload is empty: any change empties the whole cache. */
export const CHANGES_CHANNEL = 'labelsmith_changes';
/** The listening connection's application_name: what pg_stat_activity shows an operator. */
export const LISTENER_NAME = 'labelsmith-changes';
/** How often the listening connection is asked a `SELECT 1`, and reconnected when lost. */
const HEARTBEAT_MS = 1_000;
/**
 * The cache is trusted only while the listening connection answered within this time: a connection cut without a word
 * (a network that drops packets) would otherwise miss notifications unnoticed for as long as TCP takes to give up.
 * PostgreSQL sends pending notifications before it answers a query, so an answer means none was missed until then.
 */
const SILENCE_MS = 3_000;
/** How long a connection attempt waits for PostgreSQL. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Connects (awaiting the first attempt, whose failure only leaves the cache untrusted) and keeps a listening
 * connection: on a notification, or on a lost connection, it calls invalidate; after a reconnection too, since
 * notifications sent meanwhile were not heard.
 */
export async function postgresWatch(url: string, invalidate: () => void): Promise<ChangeWatch> {
  const { default: driver } = await import('pg');
  const Client = guardedClient(driver);
  let client: pg.Client | undefined;
  let listening = false;
  let answeredAt = 0;
  let asking = false;
  let closed = false;

  const lose = (lost: pg.Client): void => {
    if (client !== lost) return;
    client = undefined;
    listening = false;
    invalidate();
    lost.end().catch(() => undefined);
  };
  const connect = async (): Promise<void> => {
    const connecting = new Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // LISTEN and the heartbeat fail rather than wait for ever on a connection that went silent.
      query_timeout: SILENCE_MS,
    });
    client = connecting;
    // An error or end while connecting or listening: the next heartbeat connects again.
    connecting.on('error', () => lose(connecting));
    connecting.on('end', () => lose(connecting));
    connecting.on('notification', () => invalidate());
    try {
      await connecting.connect();
      // Named here: pg lets a connection string's parameters override an application_name given beside it.
      await connecting.query(`SET application_name = '${LISTENER_NAME}'; LISTEN ${CHANGES_CHANNEL}`);
    } catch {
      lose(connecting);
      return;
    }
    if (client !== connecting) return;
    if (closed) return void connecting.end().catch(() => undefined);
    answeredAt = Date.now();
    listening = true;
    invalidate();
  };
  const heartbeat = (): void => {
    const current = client;
    if (closed) return;
    if (current === undefined) return void connect();
    if (!listening) return;
    if (Date.now() - answeredAt > SILENCE_MS) return lose(current);
    if (asking) return;
    asking = true;
    current
      .query('SELECT 1')
      .then(() => (answeredAt = Date.now()))
      .catch(() => lose(current))
      .finally(() => (asking = false));
  };

  await connect();
  const timer = setInterval(heartbeat, HEARTBEAT_MS);
  timer.unref();
  return {
    trusted: () => listening && Date.now() - answeredAt < SILENCE_MS,
    async announce(db) {
      await sql`SELECT pg_notify(${CHANGES_CHANNEL}, '')`.execute(db);
    },
    async close() {
      closed = true;
      clearInterval(timer);
      const last = client;
      client = undefined;
      listening = false;
      await last?.end().catch(() => undefined);
    },
  };
}
