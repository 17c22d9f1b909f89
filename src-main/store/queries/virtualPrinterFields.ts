// A virtual printer's fields as zod checks them, and its record: for the virtual_printers queries, the CLI and the inbound server.
import { isIP } from 'node:net';
import { z } from 'zod';
import type { ZplDpi } from '@shared/render/outputFormats';
import { isLoopbackAddress } from '../../server/serverConfig';
import { parseTrustedProxies, TrustedProxyError } from '../../server/trustedProxies';
import { dpiSchema } from './printerFields';

export const VIRTUAL_PRINTER_POOLS = ['failover', 'round-robin'] as const;
export type VirtualPrinterPool = (typeof VIRTUAL_PRINTER_POOLS)[number];

/** IPv4/IPv6 addresses and CIDR ranges ("10.0.0.0/8", "192.168.1.7", "fd00::/8"), read as trusted proxies are. */
const clientRangesSchema = z.array(z.string()).superRefine((entries, ctx) => {
  try {
    parseTrustedProxies(entries, '--allow-client');
  } catch (error) {
    if (!(error instanceof TrustedProxyError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message.replace(/^--allow-client: /, '') });
  }
});

export const newVirtualPrinterSchema = z
  .object({
    teamId: z.string().min(1),
    name: z.string().trim().min(1).max(200),
    /** An IP address to bind (a host name could resolve elsewhere later). */
    listenHost: z.string().refine((host) => isIP(host) !== 0, { message: 'must be an IP address, e.g. 127.0.0.1' }),
    listenPort: z.number().int().min(1, { error: 'The port goes from 1 to 65535' }).max(65535, {
      error: 'The port goes from 1 to 65535',
    }),
    /** The team's printers its jobs go to, in order; each at most once. */
    routes: z
      .array(z.string().min(1))
      .min(1, { message: 'must name at least one printer' })
      .refine((routes) => new Set(routes).size === routes.length, { message: 'must not name a printer twice' }),
    pool: z.enum(VIRTUAL_PRINTER_POOLS).default('failover'),
    allowedClients: clientRangesSchema.default([]),
    /** The resolution its clients write their ZPL for: labels routed to a printer of another one are laid out again. */
    dpi: dpiSchema.nullable().default(null),
  })
  .refine((printer) => isLoopbackAddress(printer.listenHost) || printer.allowedClients.length > 0, {
    path: ['allowedClients'],
    message:
      'a virtual printer listening beyond loopback needs the client addresses allowed to print to it (LAN access must be on too)',
  });
export type NewVirtualPrinter = z.input<typeof newVirtualPrinterSchema>;

export interface VirtualPrinterRecord {
  id: string;
  teamId: string;
  name: string;
  kind: 'virtual';
  listenHost: string;
  listenPort: number;
  routes: string[];
  pool: VirtualPrinterPool;
  allowedClients: string[];
  /** null: the routed printer's own, so labels are sent as they came. */
  dpi: ZplDpi | null;
  createdAt: number;
}
