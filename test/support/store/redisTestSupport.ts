// Test helper: a real redis-server per test file (startRedis: loopback port, temporary directory, nothing persisted), which a test may stop and start again.
import { perFileServer } from '../server/perFileServer';
import { startRedis } from './startRedis';

/** This file's redis-server, started on first use and stopped after the file's tests. */
export const redisServer = perFileServer(startRedis);

/** The URL of this file's Redis. */
export async function redisUrl(): Promise<string> {
  return (await redisServer()).url;
}
