// The real server as the HTTP benchmarks run it: a throwaway data folder, the render pool, logs to the null device, a team with a live key.
import { mkdtempSync, rmSync } from 'node:fs';
import { devNull, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { APP_VERSION } from '../appVersion';
import { createRenderPool, type RenderPool } from '../render/renderPool';
import { startServer, type RunningServer } from '../server/createServer';
import { openStore, type Store } from '../store/openStore';

export interface BenchServer {
  server: RunningServer;
  store: Store;
  /** A live key of a team whose limits are lifted (every request still goes through the limiter). */
  key: string;
  teamId: string;
  close: () => Promise<void>;
}

export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'labelsmith-bench-'));
  let store: Store | undefined;
  let pool: RenderPool | undefined;
  try {
    store = await openStore(dataDir);
    pool = createRenderPool();
    // Enterprise still allows only 600 renders a minute, which this load passes in a second: the overrides lift the
    // limits while every request still goes through the limiter; its unlimited quota is not hard-capped.
    const team = await store.teams.create({ name: 'bench', plan: 'enterprise', rateMinute: 1_000_000_000, rateHour: 1_000_000_000 });
    const { key } = await store.apiKeys.create({ teamId: team.id, mode: 'live', name: 'bench' });
    // Logged as `labelsmith serve` logs (one line per request), into the null device rather than the terminal.
    const logger = pino({ name: 'labelsmith' }, pino.destination(devNull));
    const server = await startServer({ store, pool, logger, config: { host: '127.0.0.1', port: 0, allowedHostnames: [], version: APP_VERSION } });
    return {
      server,
      store,
      key,
      teamId: team.id,
      close: async () => {
        // Closing the server also stops the pool and closes the store; removing its output files takes seconds.
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await pool?.close();
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
