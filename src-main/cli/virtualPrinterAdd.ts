// `labelsmith printer add --kind virtual`: a port that takes ZPL as a Zebra printer does and routes it to the team's printers.
import { z } from 'zod';
import { checkVirtualPrinterSetup, type FieldNames } from '../printing/inbound/virtualPrinterSetup';
import { VIRTUAL_PRINTER_POOLS } from '../store/queries/virtualPrinterFields';
import { found, parseOptions, wholeNumberSchema, runWithStore, type StoreLocation } from './adminCliSupport';

const virtualAddSchema = z.object({
  team: z.string(),
  name: z.string(),
  listen: z.string({ error: 'required for a virtual printer, e.g. 127.0.0.1:9101' }),
  route: z.string({ error: 'required for a virtual printer: the printers (ids or names) its labels go to' }),
  pool: z.enum(VIRTUAL_PRINTER_POOLS).optional(),
  allowClient: z.array(z.string()).optional(),
  dpi: wholeNumberSchema(0).optional(),
});

/** Problems are named by the options that set the fields. */
const OPTION_NAMES: FieldNames = {
  name: '--name',
  listen: '--listen',
  routes: '--route',
  pool: '--pool',
  allowedClients: '--allow-client',
  dpi: '--dpi',
};

/** Adds it after the checks the editor's API makes too; other kinds' options were refused by the caller. */
export async function addVirtualPrinter(raw: StoreLocation & Record<string, unknown>): Promise<void> {
  const options = parseOptions(virtualAddSchema, raw);
  await runWithStore(raw, (store) =>
    store.transaction(async (trx) => {
      found(await trx.teams.get(options.team), 'team', options.team);
      // LAN access is the running server's: it checks at start and logs why a virtual printer does not listen.
      const fields = await checkVirtualPrinterSetup(
        trx,
        {
          name: options.name,
          listen: options.listen,
          routes: options.route.split(','),
          pool: options.pool,
          allowedClients: options.allowClient,
          dpi: options.dpi,
        },
        { teamId: options.team, names: OPTION_NAMES },
      );
      return trx.virtualPrinters.create(fields);
    }),
  );
}
