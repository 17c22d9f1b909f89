// Keeps one running service (a virtual printer's listener, a hot folder's watcher) per configuration the database holds, following additions, changes and removals made meanwhile by any process.
import type { Logger } from 'pino';

/** How often the database is read again for configurations added, changed or removed elsewhere. */
const DEFAULT_RESCAN_MS = 5000;

export interface ServiceSpec<Config extends { id: string }, Service> {
  /** What the log calls one of them ("virtual printer", "hot folder"). */
  what: string;
  /** The configurations that should run now. */
  list(): Promise<Config[]>;
  /** What a service stands for: a configuration whose text differs gets a new service. */
  configOf(config: Config): string;
  /** Starts the service; a rejection says why it cannot run now (logged once, tried again at the next rescan). */
  start(config: Config): Promise<Service>;
  stop(service: Service): Promise<void>;
  /** Whether a running service can go on (a watched folder still there); default yes. */
  usable?(service: Service): Promise<boolean>;
  /** The log fields naming a configuration. */
  describe(config: Config): Record<string, unknown>;
  logger?: Logger;
  rescanMs?: number;
}

export interface ConfiguredServices {
  /** Stops every service and the rescans. */
  close(): Promise<void>;
}

export async function startConfiguredServices<Config extends { id: string }, Service>(
  spec: ServiceSpec<Config, Service>,
): Promise<ConfiguredServices> {
  const { logger } = spec;
  const services = new Map<string, { config: string; service: Service }>();
  /** Why a configuration does not run, logged once per configuration and reason, not at every rescan. */
  const reported = new Map<string, string>();
  let closed = false;
  let scanning: Promise<void> = Promise.resolve();

  async function reconcile(): Promise<void> {
    const wanted = new Map((await spec.list()).map((config) => [config.id, config]));
    for (const [id, running] of services) {
      const config = wanted.get(id);
      const unchanged = config !== undefined && spec.configOf(config) === running.config;
      if (unchanged && (spec.usable === undefined || (await spec.usable(running.service)))) continue;
      services.delete(id);
      await spec.stop(running.service);
      logger?.info(config && spec.describe(config), `${spec.what}: stopped`);
    }
    for (const config of wanted.values()) {
      if (closed || services.has(config.id)) continue;
      const text = spec.configOf(config);
      try {
        services.set(config.id, { config: text, service: await spec.start(config) });
        reported.delete(config.id);
        logger?.info(spec.describe(config), `${spec.what}: started`);
      } catch (error) {
        // Never a crash: said once, tried again at each rescan.
        const reason = error instanceof Error ? error.message : String(error);
        if (reported.get(config.id) === `${text}\n${reason}`) continue;
        reported.set(config.id, `${text}\n${reason}`);
        logger?.error({ ...spec.describe(config), reason }, `${spec.what}: not started`);
      }
    }
  }

  const rescan = (): Promise<void> => (scanning = scanning.then(reconcile, reconcile));
  await rescan();
  const timer = setInterval(() => {
    rescan().catch((error: unknown) => logger?.error({ err: error }, `reading the ${spec.what} configurations failed`));
  }, spec.rescanMs ?? DEFAULT_RESCAN_MS);
  timer.unref();

  return {
    async close() {
      closed = true;
      clearInterval(timer);
      await scanning.catch(() => undefined);
      await Promise.all([...services.values()].map((running) => spec.stop(running.service)));
      services.clear();
    },
  };
}
