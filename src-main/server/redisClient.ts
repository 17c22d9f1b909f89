// The server's Redis connection (ioredis), for the rate limits shared by every node: fails fast while Redis is gone, reconnects by itself.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { isRedisUrl } from './redisUrl';

/** How long a command may wait for Redis's answer before the request answers 503 UNAVAILABLE. */
const COMMAND_TIMEOUT_MS = 2000;
/** The longest wait between two reconnection attempts while Redis is gone. */
const MAX_RECONNECT_DELAY_MS = 1000;

/**
 * Connects to `url` (redis:// or rediss://). Commands never queue while disconnected (enableOfflineQueue off) nor wait
 * for a reconnection (maxRetriesPerRequest 0): a request that needs Redis then fails at once with an error
 * backendUnavailable maps to 503, instead of hanging. The client keeps reconnecting on its own. Resolves once
 * connected, or once the first attempt failed (logged): a node starts, and answers 503 where it needs Redis, until
 * Redis answers.
 */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  if (!isRedisUrl(url)) throw new Error('the Redis URL must start with redis:// or rediss://');
  // Loaded here, by the nodes that share their limits: a server on SQLite alone starts without the client.
  const { Redis: Client } = await import('ioredis');
  const redis = new Client(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (attempts) => Math.min(attempts * 100, MAX_RECONNECT_DELAY_MS),
  });
  // Logged once per loss, not at every reconnection attempt; an 'error' listener also keeps ioredis from printing them.
  let lost = false;
  redis.on('error', (error: Error) => {
    if (lost) return;
    lost = true;
    logger.warn({ err: redisErrorForLog(error, url) }, 'Redis is unavailable; reconnecting');
  });
  redis.on('ready', () => {
    if (lost) logger.info('Redis answers again');
    lost = false;
  });
  await new Promise<void>((resolve) => {
    const settle = (): void => {
      redis.off('ready', settle);
      redis.off('error', settle);
      resolve();
    };
    redis.once('ready', settle);
    redis.once('error', settle);
  });
  return redis;
}

/**
 * An ioredis error as it may be logged: its name, code and message, with the URL's user name and password taken out of
 * the message. Never the error itself: a failed AUTH carries its command, whose arguments are the password, and a
 * logger serialises every property of an error.
 */
export function redisErrorForLog(error: Error, url: string): { type: string; message: string; code?: string } {
  const code = (error as { code?: unknown }).code;
  let message = error.message;
  for (const secret of urlCredentials(url)) message = message.split(secret).join('[redacted]');
  return { type: error.name, message, ...(typeof code === 'string' ? { code } : {}) };
}

/** The user name and password of a URL, as written and decoded; none when it has none or does not parse. */
function urlCredentials(url: string): string[] {
  try {
    const { username, password } = new URL(url);
    return [password, decodeURIComponent(password), username, decodeURIComponent(username)].filter(
      (part) => part.length > 0,
    );
  } catch {
    return [];
  }
}
