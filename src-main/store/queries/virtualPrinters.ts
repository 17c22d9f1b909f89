// Queries of the virtual_printers table: create, read, change, list (a team's, or every team's for the inbound server), remove.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Executor, VirtualPrinterRow } from '../schema';
import {
  newVirtualPrinterSchema,
  VIRTUAL_PRINTER_POOLS,
  type NewVirtualPrinter,
  type VirtualPrinterRecord,
} from './virtualPrinterFields';
import { dpiSchema } from './printerFields';

const idsSchema = z.array(z.string());

function toVirtualPrinter(row: VirtualPrinterRow): VirtualPrinterRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    kind: 'virtual',
    listenHost: row.listen_host,
    listenPort: row.listen_port,
    routes: idsSchema.parse(JSON.parse(row.routes)),
    // The column's CHECK constraint admits only the pools.
    pool: row.pool as (typeof VIRTUAL_PRINTER_POOLS)[number],
    allowedClients: idsSchema.parse(JSON.parse(row.allowed_clients)),
    dpi: row.dpi === null ? null : dpiSchema.parse(row.dpi),
    createdAt: row.created_at,
  };
}

export function virtualPrinterQueries(db: Executor, now: () => number) {
  const get = async (id: string): Promise<VirtualPrinterRecord | undefined> => {
    const row = await db.selectFrom('virtual_printers').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toVirtualPrinter(row);
  };
  const ordered = () =>
    db
      .selectFrom('virtual_printers')
      .selectAll()
      .orderBy('created_at')
      .orderBy(sql`rowid`);

  /** Validates it (throws a ZodError naming each problem) as the columns hold it. */
  const columns = (printer: NewVirtualPrinter) => {
    const fields = newVirtualPrinterSchema.parse(printer);
    return {
      team_id: fields.teamId,
      name: fields.name,
      listen_host: fields.listenHost,
      listen_port: fields.listenPort,
      routes: JSON.stringify(fields.routes),
      pool: fields.pool,
      allowed_clients: JSON.stringify(fields.allowedClients),
      dpi: fields.dpi,
    };
  };

  return {
    /** Validates it (throws a ZodError naming each problem) and stores it. */
    async create(printer: NewVirtualPrinter): Promise<VirtualPrinterRecord> {
      const row: VirtualPrinterRow = { id: randomUUID(), ...columns(printer), created_at: now() };
      await db.insertInto('virtual_printers').values(row).execute();
      return toVirtualPrinter(row);
    },

    /** Replaces every field but its id and creation time; undefined when there is none with this id. */
    async update(id: string, printer: NewVirtualPrinter): Promise<VirtualPrinterRecord | undefined> {
      await db.updateTable('virtual_printers').set(columns(printer)).where('id', '=', id).execute();
      return get(id);
    },

    get,

    /** The one listening on `port`, whichever team's. */
    async onPort(port: number): Promise<VirtualPrinterRecord | undefined> {
      const row = await db
        .selectFrom('virtual_printers')
        .selectAll()
        .where('listen_port', '=', port)
        .executeTakeFirst();
      return row && toVirtualPrinter(row);
    },

    async list(teamId: string): Promise<VirtualPrinterRecord[]> {
      return (await ordered().where('team_id', '=', teamId).execute()).map(toVirtualPrinter);
    },

    /** Every team's: what the server listens for. */
    async listAll(): Promise<VirtualPrinterRecord[]> {
      return (await ordered().execute()).map(toVirtualPrinter);
    },

    /** The removed virtual printer, or undefined when there was none with this id. */
    async remove(id: string): Promise<VirtualPrinterRecord | undefined> {
      const printer = await get(id);
      if (printer) await db.deleteFrom('virtual_printers').where('id', '=', id).execute();
      return printer;
    },
  };
}

export type VirtualPrinterQueries = ReturnType<typeof virtualPrinterQueries>;
