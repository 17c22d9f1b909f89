// The Redis client's log never holds the URL's password: ioredis's AUTH error carries its command, whose arguments are the password.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { redisServer } from '../../test/support/store/redisTestSupport';
import { connectRedis } from './redisClient';

const PASSWORD = 'hunter2-redis-Zq7';
const WRONG = 'not-the-password-Xk9';

/** A logger whose every line is kept, as JSON text. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), text: () => lines.join('') };
}

/** This file's redis-server URL with credentials in it. */
async function urlWith(password: string): Promise<string> {
  const url = new URL((await redisServer()).url);
  url.password = password;
  return url.toString();
}

afterAll(async () => {
  // Back to no password: the file's server is shared by its tests.
  const redis = await connectRedis(await urlWith(PASSWORD), pino({ level: 'silent' }));
  await redis.config('SET', 'requirepass', '');
  redis.disconnect();
});

describe('connectRedis', () => {
  it('logs a refused password without the password, saying why', async () => {
    const open = await connectRedis((await redisServer()).url, pino({ level: 'silent' }));
    await open.config('SET', 'requirepass', PASSWORD);
    open.disconnect();

    for (const password of [WRONG, PASSWORD.slice(0, -1)]) {
      const { logger, text } = capturedLogger();
      const redis = await connectRedis(await urlWith(password), logger);
      redis.disconnect();
      const logged = text();
      // The failure is logged, with Redis's reason…
      expect(logged).toContain('Redis is unavailable');
      expect(logged).toMatch(/WRONGPASS|invalid (username-)?password/i);
      // …and neither the password sent nor any part of the URL's credentials.
      expect(logged).not.toContain(password);
      expect(logged).not.toContain(encodeURIComponent(password));
      expect(logged).not.toContain('"args"');
    }
  });

  it('connects with the right password', async () => {
    const { logger, text } = capturedLogger();
    const redis = await connectRedis(await urlWith(PASSWORD), logger);
    expect(await redis.ping()).toBe('PONG');
    redis.disconnect();
    expect(text()).not.toContain(PASSWORD);
  });
});
