// `labelsmith printer add --kind virtual`: a port that takes ZPL as a Zebra printer does and routes it to the team's printers.
import { isIP } from 'node:net';
import { z } from 'zod';
import { newVirtualPrinterSchema, VIRTUAL_PRINTER_POOLS } from '../store/queries/virtualPrinterFields';
import { found, parseOptions, wholeNumberSchema, runWithStore, type StoreLocation } from './adminCliSupport';
import { UsageError } from './cliErrors';

const virtualAddSchema = z.object({
  team: z.string(),
  name: z.string(),
  listen: z.string({ error: 'required for a virtual printer, e.g. 127.0.0.1:9101' }),
  route: z.string({ error: 'required for a virtual printer: the printers (ids or names) its labels go to' }),
  pool: z.enum(VIRTUAL_PRINTER_POOLS).optional(),
  allowClient: z.array(z.string()).optional(),
  dpi: wholeNumberSchema(0).optional(),
});

/** "127.0.0.1:9101", "[::1]:9101" or a bare port (loopback). */
function parseListen(text: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text) ?? /^()()(\d{1,5})$/.exec(text);
  const host = match?.[1] || match?.[2] || '127.0.0.1';
  const port = Number(match?.[3]);
  if (match === null || isIP(host) === 0 || !(port >= 1 && port <= 65535))
    throw new UsageError(
      `--listen: must be ADDRESS:PORT with an IP address, e.g. 127.0.0.1:9101, got ${JSON.stringify(text)}`,
    );
  return { host, port };
}

/** Adds it after checking every option; other kinds' options were refused by the caller. */
export async function addVirtualPrinter(raw: StoreLocation & Record<string, unknown>): Promise<void> {
  const options = parseOptions(virtualAddSchema, raw);
  const { host, port } = parseListen(options.listen);
  const routeNames = options.route.split(',').map((route) => route.trim());
  await runWithStore(raw, (store) =>
    store.transaction(async (trx) => {
      found(await trx.teams.get(options.team), 'team', options.team);
      const printers = await trx.printers.list(options.team);
      const routes = routeNames.map((route) => {
        const printer = printers.find((candidate) => candidate.id === route || candidate.name === route);
        if (printer === undefined)
          throw new UsageError(`--route: the team has no printer ${JSON.stringify(route)} (give printer ids or names)`);
        return printer.id;
      });
      const fields = {
        teamId: options.team,
        name: options.name,
        listenHost: host,
        listenPort: port,
        routes,
        pool: options.pool,
        allowedClients: options.allowClient ?? [],
        dpi: options.dpi ?? null,
      };
      const checked = newVirtualPrinterSchema.safeParse(fields);
      if (!checked.success) {
        const option = (path: PropertyKey | undefined) =>
          path === 'allowedClients' ? '--allow-client' : path === 'routes' ? '--route' : `--${String(path)}`;
        throw new UsageError(
          checked.error.issues.map((issue) => `${option(issue.path[0])}: ${issue.message}`).join('; '),
        );
      }
      if ((await trx.virtualPrinters.list(options.team)).some((other) => other.name === checked.data.name))
        throw new UsageError(
          `--name: the team already has a virtual printer named ${JSON.stringify(checked.data.name)}`,
        );
      const taken = await trx.virtualPrinters.onPort(port);
      if (taken !== undefined)
        throw new UsageError(`--listen: port ${port} is already the virtual printer ${JSON.stringify(taken.name)}'s`);
      return trx.virtualPrinters.create(checked.data);
    }),
  );
}
