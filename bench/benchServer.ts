// The real server as the HTTP benchmarks run it: a throwaway data folder, the render pool, logs to the null device, a team with a live key.
import { mkdtempSync, rmSync } from 'node:fs';
import { devNull, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { parseTemplate } from '@shared/model/template';
import { APP_VERSION } from '@main/appVersion';
import { createRenderPool, type RenderPool } from '@main/render/renderPool';
import { startServer, type RunningServer } from '@main/server/createServer';
import type { Sample } from '@main/samples/sampleTemplates';
import { openStore, type Store } from '@main/store/openStore';

export interface BenchServer {
  server: RunningServer;
  store: Store;
  /** A live key of a team whose limits are lifted (every request still goes through the limiter). */
  key: string;
  teamId: string;
  close: () => Promise<void>;
}

/**
 * A team and its live key. Enterprise still allows only 600 renders a minute, which a load run passes in a second: the
 * overrides lift the limits while every request still goes through the limiter. Its unlimited quota is not hard-capped;
 * `hardCap` puts the team on a hard-capped plan (starter) with a quota no run reaches, so every live render reserves
 * quota in the store (quotaGate.ts) as a customer's on that plan does.
 */
export async function createBenchTeam(
  store: Store,
  { hardCap = false } = {},
): Promise<{ teamId: string; key: string }> {
  const rates = { rateMinute: 1_000_000_000, rateHour: 1_000_000_000 };
  const team = await store.teams.create(
    hardCap
      ? { name: 'bench hard cap', plan: 'starter', quotaLimit: 1_000_000_000, ...rates }
      : { name: 'bench', plan: 'enterprise', ...rates },
  );
  const { key } = await store.apiKeys.create({ teamId: team.id, mode: 'live', name: 'bench' });
  return { teamId: team.id, key };
}

/** The sample published as the team's template, as a customer of the render API would have it; its id. */
export async function publishSample(store: Store, teamId: string, sample: Sample): Promise<string> {
  return (
    await store.transaction((trx) =>
      trx.templates.create({ teamId, content: parseTemplate(sample.template), publish: { author: 'bench' } }),
    )
  ).id;
}

/** `threads`: the render pool's size (default the machine's cores); the profile runs one worker to read one profile. */
export async function startBenchServer({ threads }: { threads?: number } = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'labelsmith-bench-'));
  let store: Store | undefined;
  let pool: RenderPool | undefined;
  try {
    store = await openStore(dataDir);
    pool = createRenderPool({ threads });
    const { teamId, key } = await createBenchTeam(store);
    // Logged as `labelsmith serve` logs (one line per request), into the null device rather than the terminal.
    const logger = pino({ name: 'labelsmith' }, pino.destination(devNull));
    const server = await startServer({
      store,
      pool,
      logger,
      config: { host: '127.0.0.1', port: 0, allowedHostnames: [], version: APP_VERSION },
    });
    return {
      server,
      store,
      key,
      teamId,
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
