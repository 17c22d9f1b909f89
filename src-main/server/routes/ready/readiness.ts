// What GET /ready asks: whether each backend a request may need answers now (the database, Redis when configured, the outputs' object store).
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Store } from '../../../store/openStore';

/** A check that takes longer than this counts as not answering: a load balancer's probe must not hang with it. */
const READY_CHECK_TIMEOUT_MS = 3000;

/** Resolves when the backend answers, rejects with why it does not. */
export type ReadinessCheck = () => Promise<void>;

/** The checks of a node: the database and the outputs always, Redis when the node uses it. */
export function readinessChecks(store: Store, redis: Redis | undefined): Record<string, ReadinessCheck> {
  const checks: Record<string, ReadinessCheck> = {
    database: async () => {
      await sql`SELECT 1`.execute(store.db);
    },
    outputs: () => store.outputs.ready(),
  };
  if (redis !== undefined) {
    checks.redis = async () => {
      await redis.ping();
    };
  }
  return checks;
}

function withTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READY_CHECK_TIMEOUT_MS} ms`)),
      READY_CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/** Runs every check at once: "ok" or why not, by backend. */
export async function runReadinessChecks(checks: Record<string, ReadinessCheck>): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check);
        return [name, 'ok'] as const;
      } catch (error) {
        return [name, error instanceof Error && error.message !== '' ? error.message : String(error)] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}
