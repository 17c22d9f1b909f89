// A virtual printer as its form edits it (address and port apart, allowed clients as text) and the server's refusals on the form's fields.
import type { EditorVirtualPrinter, EditorVirtualPrinterInput } from '@shared/api/editorPrinters';
import { EditorApiError } from '../../api/apiError';

export interface VirtualPrinterFormFields {
  name: string;
  /** The address it listens on: 127.0.0.1 (this machine only) unless LAN access is on. */
  host: string;
  port: string;
  /** Printer ids, in the order labels try them. */
  routes: string[];
  pool: EditorVirtualPrinterInput['pool'];
  /** Addresses and CIDR ranges, separated by commas or spaces. */
  allowedClients: string;
  /** '' for the routed printer's own resolution. */
  dpi: string;
}

export type VirtualPrinterFieldName = 'name' | 'host' | 'routes' | 'pool' | 'allowedClients' | 'dpi';

export const EMPTY_VIRTUAL_PRINTER_FORM: VirtualPrinterFormFields = {
  name: '',
  host: '127.0.0.1',
  port: '9101',
  routes: [],
  pool: 'failover',
  allowedClients: '',
  dpi: '',
};

export function formFromVirtualPrinter(virtual: EditorVirtualPrinter): VirtualPrinterFormFields {
  const listen = /^(?:\[(.+)\]|(.+)):(\d+)$/.exec(virtual.listen);
  return {
    name: virtual.name,
    host: listen?.[1] ?? listen?.[2] ?? virtual.listen,
    port: listen?.[3] ?? '',
    routes: virtual.routeIds,
    pool: virtual.pool,
    allowedClients: virtual.allowedClients.join(', '),
    dpi: virtual.dpi === null ? '' : String(virtual.dpi),
  };
}

export function virtualPrinterInput(fields: VirtualPrinterFormFields): EditorVirtualPrinterInput {
  const host = fields.host.trim();
  return {
    name: fields.name,
    listen: `${host.includes(':') ? `[${host}]` : host}:${fields.port.trim()}`,
    routes: fields.routes,
    pool: fields.pool,
    allowedClients: fields.allowedClients.split(/[\s,]+/).filter((entry) => entry !== ''),
    dpi: fields.dpi === '' ? null : Number(fields.dpi),
  };
}

/** The server names a problem by the body's key ("listen: …" for CONFLICT and LAN_ACCESS_OFF, details for the rest). */
export function virtualPrinterFieldErrors(error: unknown): Partial<Record<VirtualPrinterFieldName, string>> {
  if (!(error instanceof EditorApiError)) return {};
  const field = (path: string): VirtualPrinterFieldName | undefined => {
    const key = path.split(/[.[]/)[0];
    return key === 'listen'
      ? 'host'
      : (['name', 'routes', 'pool', 'allowedClients', 'dpi'] as const).find((name) => name === key);
  };
  const errors: Partial<Record<VirtualPrinterFieldName, string>> = {};
  const problems =
    error.problems.length > 0
      ? error.problems
      : [{ path: /^(\w+): /.exec(error.message)?.[1] ?? '', message: error.message }];
  for (const problem of problems) {
    const name = field(problem.path);
    if (name !== undefined && errors[name] === undefined) errors[name] = problem.message.replace(/^\w+: /, '');
  }
  return errors;
}
