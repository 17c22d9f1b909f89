// Test fixture: one node of a several-server service (the store on PostgreSQL, the rate limits in Redis) as its own process; prints "listening on URL", stops on SIGTERM.
import { writeSync } from 'node:fs';
import { pino } from 'pino';
import { APP_VERSION } from '@main/appVersion';
import { createRenderPool } from '@main/render/renderPool';
import { startServer } from '@main/server/createServer';
import { openStore } from '@main/store/openStore';

const [dataDir, databaseUrl, redisUrl] = process.argv.slice(2);
if (dataDir === undefined || databaseUrl === undefined || redisUrl === undefined)
  throw new Error('usage: serverNode DATA_DIR DATABASE_URL REDIS_URL');
const store = await openStore(dataDir, { databaseUrl });
const pool = createRenderPool({ threads: 1 });
const server = await startServer({
  store,
  pool,
  logger: pino({ name: 'labelsmith-node', level: 'warn' }, pino.destination(2)),
  config: { host: '127.0.0.1', port: 0, allowedHostnames: [], version: APP_VERSION, redisUrl },
});
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
writeSync(1, `listening on ${server.url}\n`);
