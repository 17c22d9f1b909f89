// How a node may talk to PostgreSQL: TLS required for a server on another host, and the password never sent in clear text.
import type pg from 'pg';

/** The variable that lets a node reach a PostgreSQL server on another host without TLS (a private network the operator trusts). */
export const PLAINTEXT_DATABASE_ENV = 'LABELSMITH_DATABASE_PLAINTEXT';

/** sslmode values (and ssl=true) under which pg refuses to go on without TLS. */
const TLS_MODES = new Set(['require', 'verify-ca', 'verify-full']);

/** A host on this machine: a loopback name or address, or a Unix socket (no host, or a path in ?host=). */
function isLocalHost(url: URL): boolean {
  const host = url.searchParams.get('host') ?? url.hostname;
  if (host === '' || host.startsWith('/')) return true;
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name);
}

function requiresTls(url: URL): boolean {
  const ssl = url.searchParams.get('ssl');
  return TLS_MODES.has(url.searchParams.get('sslmode') ?? '') || ssl === 'true' || ssl === '1';
}

/**
 * Refuses a database URL naming a server on another host without sslmode=require (or verify-ca, verify-full), unless
 * LABELSMITH_DATABASE_PLAINTEXT=allow: without TLS the password and every label's data cross the network readable,
 * and anyone on the path can answer as the server. The error never repeats the URL, which holds the password.
 */
export function assertDatabaseTransport(connectionString: string, env: NodeJS.ProcessEnv = process.env): void {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    throw new Error('the database URL does not parse: expected postgres://user:password@host:port/database');
  }
  if (isLocalHost(url) || requiresTls(url) || env[PLAINTEXT_DATABASE_ENV] === 'allow') return;
  throw new Error(
    `the PostgreSQL server ${url.hostname} is on another host and the database URL does not require TLS: add ?sslmode=verify-full ` +
      `(or require), or set ${PLAINTEXT_DATABASE_ENV}=allow if the network between them is trusted`,
  );
}

/** The error a connection fails with when the server asks for the password in clear text over a connection without TLS. */
export class CleartextPasswordRefused extends Error {
  constructor() {
    super(
      'the PostgreSQL server asked for the password in clear text over a connection without TLS: not sent. Use scram-sha-256 authentication (pg_hba.conf), or connect with sslmode=verify-full',
    );
  }
}

/** pg's connection, as far as this guard reads it: whether the socket it speaks over is TLS. */
interface ClientInternals {
  connection: { stream: { encrypted?: boolean }; emit(event: 'error', error: Error): boolean };
  _handleAuthCleartextPassword(message: unknown): void;
}

/**
 * pg's Client, which never sends the password in clear text except over TLS: a server (or whoever answers in its place)
 * asking for AuthenticationCleartextPassword gets nothing, and the connection fails with CleartextPasswordRefused.
 * SCRAM and MD5 never put the password itself on the wire. pg has no option for this; its handler of that one message
 * is wrapped (pg 8: _handleAuthCleartextPassword), which the test against a server asking for it keeps honest.
 */
export function guardedClient(driver: typeof pg): typeof pg.Client {
  return class GuardedClient extends driver.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const internals = this as unknown as ClientInternals;
      const send = internals._handleAuthCleartextPassword.bind(this);
      internals._handleAuthCleartextPassword = (message) => {
        if (internals.connection.stream.encrypted === true) send(message);
        else internals.connection.emit('error', new CleartextPasswordRefused());
      };
    }
  };
}
