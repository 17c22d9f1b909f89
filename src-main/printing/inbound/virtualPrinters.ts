// Runs every team's virtual printers in the server: listens for the ones in the database, and follows additions, changes and removals made meanwhile (in the editor, by the CLI).
import type { VirtualPrinterRecord } from '../../store/queries/virtualPrinterFields';
import { isLoopbackAddress } from '../../server/serverConfig';
import { startConfiguredServices, type ConfiguredServices } from './configuredServices';
import { listenVirtualPrinter, type VirtualPrinterDeps } from './virtualPrinterServer';

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

export interface VirtualPrintersOptions {
  /** The server listens beyond loopback: only then may a virtual printer too. */
  lanAccess: boolean;
  rescanMs?: number;
}

export function startVirtualPrinters(
  deps: VirtualPrinterDeps,
  options: VirtualPrintersOptions,
): Promise<ConfiguredServices> {
  return startConfiguredServices({
    what: 'virtual printer',
    list: () => deps.store.virtualPrinters.listAll(),
    configOf,
    async start(virtual) {
      if (!isLoopbackAddress(virtual.listenHost) && !options.lanAccess)
        throw new Error(
          'it listens beyond loopback and LAN access is off (serve --host, or the editor’s LAN access setting)',
        );
      return listenVirtualPrinter(deps, virtual);
    },
    stop: (listener) => listener.close(),
    describe: (virtual) => ({
      virtualPrinter: virtual.name,
      virtualPrinterId: virtual.id,
      listen: `${virtual.listenHost}:${virtual.listenPort}`,
    }),
    logger: deps.logger,
    rescanMs: options.rescanMs,
  });
}
