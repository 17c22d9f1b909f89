// Runs every team's virtual printers in the server: listens for the ones in the database, and follows additions and removals made meanwhile (by the CLI).
import type { VirtualPrinterRecord } from '../../store/queries/virtualPrinterFields';
import { isLoopbackAddress } from '../../server/serverConfig';
import { listenVirtualPrinter, type VirtualPrinterDeps, type VirtualPrinterListener } from './virtualPrinterServer';

/** How often the database is read again for virtual printers added or removed by another process. */
const DEFAULT_RESCAN_MS = 5000;

export interface VirtualPrintersOptions {
  /** The server listens beyond loopback: only then may a virtual printer too. */
  lanAccess: boolean;
  rescanMs?: number;
}

export interface VirtualPrinters {
  /** The ports listened on now, by virtual printer id. */
  ports(): Map<string, number>;
  /** Reads the database again now (tests; the timer does it every few seconds). */
  rescan(): Promise<void>;
  close(): Promise<void>;
}

/** A listener stands for the record it was started with: a changed record (removed and added again) gets a new one. */
const configOf = (virtual: VirtualPrinterRecord): string =>
  JSON.stringify([
    virtual.listenHost,
    virtual.listenPort,
    virtual.routes,
    virtual.pool,
    virtual.allowedClients,
    virtual.dpi,
  ]);

export async function startVirtualPrinters(
  deps: VirtualPrinterDeps,
  options: VirtualPrintersOptions,
): Promise<VirtualPrinters> {
  const listeners = new Map<string, { config: string; listener: VirtualPrinterListener }>();
  /** Why a virtual printer cannot listen, logged once per configuration, not at every rescan. */
  const reported = new Map<string, string>();
  let closed = false;
  let scanning: Promise<void> = Promise.resolve();

  function report(virtual: VirtualPrinterRecord, config: string, err: unknown, message: string): void {
    if (reported.get(virtual.id) === config) return;
    reported.set(virtual.id, config);
    deps.logger?.error(
      {
        err,
        virtualPrinter: virtual.name,
        virtualPrinterId: virtual.id,
        listen: `${virtual.listenHost}:${virtual.listenPort}`,
      },
      message,
    );
  }

  async function reconcile(): Promise<void> {
    const wanted = new Map((await deps.store.virtualPrinters.listAll()).map((virtual) => [virtual.id, virtual]));
    for (const [id, running] of listeners) {
      const virtual = wanted.get(id);
      if (virtual !== undefined && configOf(virtual) === running.config) continue;
      listeners.delete(id);
      await running.listener.close();
    }
    for (const virtual of wanted.values()) {
      const config = configOf(virtual);
      if (closed || listeners.has(virtual.id)) continue;
      if (!isLoopbackAddress(virtual.listenHost) && !options.lanAccess) {
        report(
          virtual,
          config,
          undefined,
          'virtual printer not started: it listens beyond loopback and LAN access is off (serve --host, or the editor’s LAN access setting)',
        );
        continue;
      }
      try {
        listeners.set(virtual.id, { config, listener: await listenVirtualPrinter(deps, virtual) });
        reported.delete(virtual.id);
        deps.logger?.info(
          { virtualPrinter: virtual.name, listen: `${virtual.listenHost}:${virtual.listenPort}` },
          'virtual printer listening',
        );
      } catch (error) {
        report(virtual, config, error, 'virtual printer not started: cannot listen on its address and port');
      }
    }
  }

  const rescan = (): Promise<void> => (scanning = scanning.then(reconcile, reconcile));
  await rescan();
  const timer = setInterval(() => {
    rescan().catch((error: unknown) => deps.logger?.error({ err: error }, 'reading the virtual printers failed'));
  }, options.rescanMs ?? DEFAULT_RESCAN_MS);
  timer.unref();

  return {
    ports: () => new Map([...listeners].map(([id, running]) => [id, running.listener.port])),
    rescan,
    async close() {
      closed = true;
      clearInterval(timer);
      await scanning.catch(() => undefined);
      await Promise.all([...listeners.values()].map((running) => running.listener.close()));
      listeners.clear();
    },
  };
}
