// One virtual printer's port: takes ZPL as a Zebra printer does on 9100, queues each label as a print job of its team, answers ~HS and ~HI.
import { createServer, type Server, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { AppError } from '@shared/errors';
import { rawZplRefusal, scanRawZpl } from '@shared/read/zpl/rawZplScan';
import { splitZplStream, type HostQuery } from '@shared/read/zpl/zplStream';
import { peerAddress } from '../../server/clientAddress';
import type { QuotaGate } from '../../server/admission/quotaGate';
import { isLoopbackAddress } from '../../server/serverConfig';
import { parseTrustedProxies } from '../../server/trustedProxies';
import type { Store } from '../../store/openStore';
import type { VirtualPrinterRecord } from '../../store/queries/virtualPrinterFields';
import type { PrintQueue } from '../printQueue';
import { inboundSubmission, recordQuotaRefusal, submitMadeJob } from '../printJobSubmission';
import { submitRawZplJob } from '../rawZplSubmission';
import type { RenderPool } from '../../render/renderPool';
import { relaidCopies, relaidDocument, relayoutFrom } from './relayoutLabel';
import { virtualHostIdentification, virtualHostStatus } from './virtualHostAnswers';
import type { RouteChoice } from './virtualPrinterRoutes';

export interface VirtualPrinterLimits {
  /** The most one format (with what stands before it) may hold: a connection past it is closed, its bytes dropped. */
  maxFormatBytes: number;
  /** A connection that sends nothing this long is closed (an old system that never hangs up). */
  idleTimeoutMs: number;
  /** Connections open at once on this port; more are closed at once. */
  maxConnections: number;
}

/** 1 MB, as the API's request bodies; a printer's own receive buffer is of that order too. */
export const DEFAULT_VIRTUAL_PRINTER_LIMITS: VirtualPrinterLimits = {
  maxFormatBytes: 1024 * 1024,
  idleTimeoutMs: 60_000,
  maxConnections: 32,
};

export interface VirtualPrinterDeps {
  store: Store;
  quota: QuotaGate;
  queue: Pick<PrintQueue, 'wake'>;
  /** Reads, lifts and renders the labels laid out again for a printer of another resolution than the virtual printer's. */
  pool: Pick<RenderPool, 'relayout'>;
  routes: RouteChoice;
  logger?: Logger;
  limits?: Partial<VirtualPrinterLimits>;
}

export interface VirtualPrinterListener {
  readonly port: number;
  /** Stops listening and closes its connections; a label still being queued finishes first. */
  close(): Promise<void>;
}

/** Listens on the virtual printer's address and port (the caller has checked LAN access for one beyond loopback). */
export async function listenVirtualPrinter(
  deps: VirtualPrinterDeps,
  virtual: VirtualPrinterRecord,
): Promise<VirtualPrinterListener> {
  const limits = { ...DEFAULT_VIRTUAL_PRINTER_LIMITS, ...deps.limits };
  const allowed = parseTrustedProxies(virtual.allowedClients, '--allow-client');
  const openToLan = !isLoopbackAddress(virtual.listenHost);
  const log = deps.logger?.child({ virtualPrinter: virtual.name, virtualPrinterId: virtual.id });
  const sockets = new Set<Socket>();
  const inFlight = new Set<Promise<void>>();

  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    const client = peerAddress(socket);
    if (openToLan && !isLoopbackAddress(client) && !allowed.trusts(client)) {
      log?.warn({ client }, 'virtual printer: connection refused, the client is not on its --allow-client list');
      socket.destroy();
      return;
    }
    if (sockets.size >= limits.maxConnections) {
      log?.warn({ client, limit: limits.maxConnections }, 'virtual printer: connection refused, too many open');
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serveConnection(socket, client);
  });

  function serveConnection(socket: Socket, client: string): void {
    let pending = '';
    /** Formats that only set printer state (^XA^LRN^XZ): they go to the printer ahead of the next label. */
    let stateFormats = '';
    let working: Promise<void> = Promise.resolve();
    socket.setTimeout(limits.idleTimeoutMs, () => {
      log?.info({ client }, 'virtual printer: idle connection closed');
      socket.destroy();
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      log?.info({ client, code: error.code }, 'virtual printer: connection failed'),
    );
    socket.on('data', (chunk: Buffer) => {
      // One character a byte, as the scan counts positions; the bytes go to the printer unchanged.
      pending += chunk.toString('latin1');
      if (pending.length > limits.maxFormatBytes) {
        log?.warn(
          { client, bytes: pending.length, limit: limits.maxFormatBytes },
          'virtual printer: a format larger than the limit; connection closed, its bytes dropped',
        );
        pending = '';
        socket.destroy();
        return;
      }
      const { pieces, rest } = splitZplStream(pending);
      pending = rest;
      if (pieces.length === 0) return;
      // Labels are queued in the order they came; the socket waits meanwhile, so memory stays bounded.
      socket.pause();
      const done = (working = working.then(async () => {
        try {
          for (const piece of pieces) {
            if (piece.kind === 'query') await answer(socket, piece.command);
            else await queueFormat(piece.text);
          }
          if (!socket.destroyed) socket.resume();
        } catch (error) {
          // The store failed (not the label): what is not queued must not look accepted, so the connection ends.
          log?.error({ err: error, client }, 'virtual printer: queuing a label failed; connection closed');
          socket.destroy();
        }
      }));
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    });
    // The old system may send its last labels and hang up at once: they are queued, then our side closes.
    socket.on('end', () => {
      if (pending.trim() !== '')
        log?.warn(
          { client, bytes: pending.length },
          'virtual printer: the connection ended inside a format; it was dropped',
        );
      void working.then(() => socket.end());
    });

    async function queueFormat(text: string): Promise<void> {
      const scan = scanRawZpl(text);
      const stateOnly = scan.formats[0]?.quantity === 0;
      const printer = await (stateOnly ? deps.routes.peek(virtual) : deps.routes.next(virtual));
      const team = await deps.store.teams.get(virtual.teamId);
      if (printer === undefined || team === undefined) {
        log?.warn({ client }, 'virtual printer: format dropped, none of its routed printers exists any more');
        return;
      }
      if (stateOnly) {
        // Checked on its own: a refused one must not take the next label down with it.
        const refused = rawZplRefusal(scan, printer);
        if (refused !== undefined) {
          log?.warn({ client, command: refused.command, reason: refused.message }, 'virtual printer: format refused');
          return;
        }
        stateFormats += text;
        if (stateFormats.length > limits.maxFormatBytes) stateFormats = '';
        return;
      }
      const zpl = stateFormats + text;
      stateFormats = '';
      const submission = inboundSubmission(team, printer, {
        kind: 'virtual-printer',
        virtualPrinterId: virtual.id,
        name: virtual.name,
        client,
      });
      try {
        const job =
          relayoutFrom(virtual, printer) === undefined
            ? await submitRawZplJob(deps, { ...submission, zpl: Buffer.from(zpl, 'latin1') })
            : await submitRelaidOut(zpl, submission);
        deps.queue.wake();
        log?.debug({ client, jobId: job.id, printerId: printer.id }, 'virtual printer: label queued');
      } catch (error) {
        // The old system cannot be told: the label is refused here, the log says why, and the next ones still print.
        if (!(error instanceof AppError)) throw error;
        log?.warn(
          { client, code: error.code, reason: error.message, details: error.details },
          'virtual printer: label refused',
        );
        // Over the quota, a well-formed label is refused for the team's sake, not its own: the history shows it.
        const raw = relayoutFrom(virtual, printer) === undefined;
        await recordQuotaRefusal(deps.store, submission, { raw, labelCount: 1 }, error);
      }
    }
  }

  /**
   * The label read at the virtual printer's resolution and printed as a template on `printer`: the raw-ZPL allow-list
   * still applies first, ^PQ's quantity becomes copies, and what did not carry over exactly becomes the job's warnings.
   * Reading, lifting and rendering run in the render pool, never on this thread.
   */
  async function submitRelaidOut(zpl: string, submission: ReturnType<typeof inboundSubmission>) {
    const { team, printer } = submission;
    const copies = relaidCopies(zpl, printer);
    const from = relayoutFrom(virtual, printer) ?? printer.dpi;
    const relayout = deps.pool.relayout.bind(deps.pool);
    return submitMadeJob(deps, { ...submission, copies }, 1, undefined, () =>
      relaidDocument(relayout, zpl, from, printer, team.id),
    );
  }

  async function answer(socket: Socket, query: HostQuery): Promise<void> {
    const printer = await deps.routes.peek(virtual);
    if (printer === undefined) return;
    if (query === '~HI') {
      socket.write(virtualHostIdentification(printer.dpi));
      return;
    }
    const [report, queued] = await Promise.all([
      deps.routes.status(printer),
      deps.store.printJobs.queuedLabels(printer.id),
    ]);
    if (!socket.destroyed) socket.write(virtualHostStatus(report, queued));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(virtual.listenPort, virtual.listenHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : virtual.listenPort;
  return {
    port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...inFlight]);
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
