// A virtual printer's setup checked once for every way it is added or changed (`labelsmith printer add --kind virtual`, the editor's /api): listen address, routes, pool, allow-list, name and port.
import { isIP } from 'node:net';
import { ConflictError } from '@shared/api/apiErrors';
import { AppError, BadRequestError } from '@shared/errors';
import type { StoreScope } from '../../store/openStore';
import { isLoopbackAddress } from '../../server/serverConfig';
import {
  newVirtualPrinterSchema,
  type NewVirtualPrinter,
  type VirtualPrinterPool,
} from '../../store/queries/virtualPrinterFields';

/** What the operator gives, as the CLI's options and the editor's form say it. */
export interface VirtualPrinterSetup {
  name: string;
  /** "127.0.0.1:9101", "[::1]:9101", "0.0.0.0:9101" or a bare port (loopback). */
  listen: string;
  /** The team's printers its labels go to, by id or name, in order. */
  routes: readonly string[];
  pool?: VirtualPrinterPool;
  allowedClients?: readonly string[];
  dpi?: number | null;
}

export type VirtualPrinterSetupField = keyof VirtualPrinterSetup;

/** How the caller names the fields in messages: the CLI by its options (`--listen`), the API by the body's keys. */
export type FieldNames = Record<VirtualPrinterSetupField, string>;

export const API_FIELD_NAMES: FieldNames = {
  name: 'name',
  listen: 'listen',
  routes: 'routes',
  pool: 'pool',
  allowedClients: 'allowedClients',
  dpi: 'dpi',
};

/** A virtual printer beyond loopback while the server's LAN access is off: it would never listen. */
export class LanAccessOffError extends AppError {
  constructor(field: string) {
    super(
      'LAN_ACCESS_OFF',
      409,
      `${field}: listening beyond this machine needs LAN access: turn it on in Settings (or serve --host), or listen on 127.0.0.1`,
    );
  }
}

/** One problem, named by its field, in the API's BAD_REQUEST shape (details.errors lists it under the field's key). */
function invalid(names: FieldNames, field: VirtualPrinterSetupField, message: string): BadRequestError {
  return new BadRequestError(`${names[field]}: ${message}`, { errors: [{ path: field, message }] });
}

/** The address and port to bind: an IP address (a host name could resolve elsewhere later) and a port. */
export function parseListen(text: string, names: FieldNames): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim()) ?? /^()()(\d{1,5})$/.exec(text.trim());
  const host = match?.[1] || match?.[2] || '127.0.0.1';
  const port = Number(match?.[3]);
  if (match === null || isIP(host) === 0 || !(port >= 1 && port <= 65535))
    throw invalid(
      names,
      'listen',
      `must be ADDRESS:PORT with an IP address, e.g. 127.0.0.1:9101, got ${JSON.stringify(text)}`,
    );
  return { host, port };
}

export interface SetupCheck {
  teamId: string;
  /** The virtual printer being changed (its own name and port are not "taken"); undefined when adding one. */
  exceptId?: string;
  names: FieldNames;
  /**
   * Whether the server may listen beyond loopback; undefined when the caller cannot know (the CLI: the server checks
   * at start, and logs why one does not listen).
   */
  lanAccess?: boolean;
}

/**
 * The virtual printer as the store takes it, after every check: throws BAD_REQUEST naming the field, CONFLICT for a
 * name or port already taken, LAN_ACCESS_OFF for an address beyond loopback the server will not listen on.
 */
export async function checkVirtualPrinterSetup(
  trx: StoreScope,
  setup: VirtualPrinterSetup,
  check: SetupCheck,
): Promise<NewVirtualPrinter> {
  const { names, teamId } = check;
  const { host, port } = parseListen(setup.listen, names);
  const printers = await trx.printers.list(teamId);
  const routes = setup.routes.map((route) => {
    const printer = printers.find((candidate) => candidate.id === route.trim() || candidate.name === route.trim());
    if (printer === undefined)
      throw invalid(names, 'routes', `the team has no printer ${JSON.stringify(route)} (give printer ids or names)`);
    return printer.id;
  });
  const fields = {
    teamId,
    name: setup.name,
    listenHost: host,
    listenPort: port,
    routes,
    pool: setup.pool,
    allowedClients: [...(setup.allowedClients ?? [])],
    dpi: setup.dpi ?? null,
  };
  const checked = newVirtualPrinterSchema.safeParse(fields);
  if (!checked.success) {
    const field = (path: PropertyKey | undefined): VirtualPrinterSetupField =>
      path === 'listenHost' || path === 'listenPort' ? 'listen' : (path as VirtualPrinterSetupField);
    const errors = checked.error.issues.map((issue) => ({ path: field(issue.path[0]), message: issue.message }));
    throw new BadRequestError(errors.map((error) => `${names[error.path]}: ${error.message}`).join('; '), { errors });
  }
  if (check.lanAccess === false && !isLoopbackAddress(host)) throw new LanAccessOffError(names.listen);
  const others = (await trx.virtualPrinters.list(teamId)).filter((other) => other.id !== check.exceptId);
  if (others.some((other) => other.name === checked.data.name))
    throw new ConflictError(
      `${names.name}: the team already has a virtual printer named ${JSON.stringify(checked.data.name)}`,
    );
  const taken = await trx.virtualPrinters.onPort(port);
  if (taken !== undefined && taken.id !== check.exceptId)
    throw new ConflictError(
      `${names.listen}: port ${port} is already the virtual printer ${JSON.stringify(taken.name)}'s`,
    );
  return checked.data;
}
