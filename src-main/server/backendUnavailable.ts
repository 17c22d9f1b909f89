// The one place that tells a lost backend from a bug: driver errors of PostgreSQL (pg) and Redis (ioredis) that mean "no answer" become 503 UNAVAILABLE.
import { UnavailableError } from '@shared/api/apiErrors';

/** What an UNAVAILABLE answer's Retry-After says: about how long a restarting database or Redis takes to answer again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that cannot be made or broke (pg passes them on as they are). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * PostgreSQL's SQLSTATEs for a lost server: class 08 (connection exception) and 57P01–57P03 (the server is shutting
 * down, crashed, or is still starting up).
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123])$/;

/** pg's and pg-pool's own messages for a connection that ended or never came (they carry no code). */
const PG_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client was closed/,
];

/**
 * ioredis's messages with enableOfflineQueue off (a command while disconnected fails at once), maxRetriesPerRequest
 * and commandTimeout, and rate-limiter-flexible's when its Redis client is not ready.
 */
const REDIS_MESSAGES = [
  /^Stream isn't writeable/,
  /^Connection is closed/,
  /^Reached the max retries per request limit/,
  /^Command timed out/,
  /^Redis connection is not ready/,
];

function causes(error: unknown): { code?: unknown; message: string }[] {
  if (!(error instanceof Error)) return [];
  // Node wraps the attempts at each address of a host name in an AggregateError that carries the code too.
  const inner = error instanceof AggregateError ? error.errors.flatMap(causes) : [];
  return [{ code: (error as { code?: unknown }).code, message: error.message }, ...inner];
}

/** Which backend a driver error says is gone, if it says one is. */
function lostBackend(error: unknown): 'the database' | 'Redis' | undefined {
  for (const { code, message } of causes(error)) {
    if (REDIS_MESSAGES.some((pattern) => pattern.test(message))) return 'Redis';
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return 'the database';
    if (PG_MESSAGES.some((pattern) => pattern.test(message))) return 'the database';
  }
  return undefined;
}

/** The UNAVAILABLE error for a driver error that means a backend is gone; undefined for any other error. */
export function backendUnavailable(error: unknown): UnavailableError | undefined {
  const backend = lostBackend(error);
  return backend === undefined ? undefined : new UnavailableError(backend, UNAVAILABLE_RETRY_AFTER_SECONDS);
}
