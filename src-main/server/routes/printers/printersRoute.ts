// GET /v1/printers and GET /v1/printers/{id}/status: the key's team's printers (how they are reached stays on the server) and a live status report.
import type Router from '@koa/router';
import type { ApiPrinter, PrinterState, PrinterStatus } from '@shared/api/printRequest';
import type { HostStatus } from '../../../printing/hostStatus';
import { configuredPrinterDriver, printerDriver, type PrinterStatusReport } from '../../../printing/printerDrivers';
import type { Store } from '../../../store/openStore';
import type { PrinterRecord } from '../../../store/queries/printerFields';
import { authenticate, authState, refuseDemoKeys } from '../../middleware/authenticate';
import { rateLimit } from '../../admission/rateLimit';
import type { TeamRateLimits } from '../../admission/rateLimits';
import { teamPrinter } from '../print/printJobRequests';
import { knownQuery } from '../../middleware/knownQuery';

/** What an integrator needs to choose a printer; the host, queue or device path are the administrator's business. */
function apiPrinterView(printer: PrinterRecord): ApiPrinter {
  const {
    id,
    name,
    connection,
    dpi,
    media,
    darkness,
    speed,
    timeZone,
    allowConfigCommands,
    unprintableMargin,
    fonts,
    createdAt,
  } = printer;
  const { mediaType, printMode, mediaSensing, topOffset, leftOffset } = printer;
  const format = printerDriver(printer).format;
  const mediaHandling = { mediaType, printMode, mediaSensing, topOffset, leftOffset };
  return {
    id,
    name,
    kind: connection.kind,
    format,
    dpi,
    media,
    darkness,
    speed,
    timeZone,
    allowConfigCommands,
    unprintableMargin,
    fonts,
    ...mediaHandling,
    createdAt: new Date(createdAt).toISOString(),
  };
}

/** The ~HS fields that say whether and how the printer prints; the password (~HS string 3) and raw bit fields stay out. */
function printerState(status: HostStatus): PrinterState {
  const {
    paperOut,
    paused,
    headOpen,
    ribbonOut,
    bufferFull,
    labelsInBuffer,
    overTemperature,
    underTemperature,
    corruptRam,
  } = status;
  const { partialFormat, labelWaiting, labelsRemainingInBatch, printMode, thermalTransfer } = status;
  return {
    paperOut,
    paused,
    headOpen,
    ribbonOut,
    bufferFull,
    labelsInBuffer,
    overTemperature,
    underTemperature,
    corruptRam,
    partialFormat,
    labelWaiting,
    labelsRemainingInBatch,
    printMode,
    thermalTransfer,
  };
}

/**
 * `located`: the error may say where the printer is (the editor, whose administrator configured it). API clients get
 * it named, never located: they know printers by name, and the host, queue or path stays on the server.
 */
export function printerStatusView(
  printer: PrinterRecord,
  report: PrinterStatusReport,
  checkedAt: number,
  located = false,
): PrinterStatus {
  const status: PrinterStatus = {
    id: printer.id,
    reachable: report.reachable,
    state: report.state && printerState(report.state),
    checkedAt: new Date(checkedAt).toISOString(),
  };
  const { problem } = report;
  if (problem !== undefined)
    status.error = located ? problem.message : `printer "${printer.name}": ${problem.publicMessage}`;
  return status;
}

export function registerPrintersRoute(router: Router, store: Store, rateLimits: TeamRateLimits): void {
  router.get('/v1/printers', authenticate(store), knownQuery(), refuseDemoKeys('list printers'), async (ctx) => {
    ctx.body = { printers: (await store.printers.list(authState(ctx).team.id)).map(apiPrinterView) };
  });

  // Asks the printer now (~HS for raw printers), bounded by the drivers' timeouts: 2 s to connect, 3 s for the answer.
  // Each call opens a connection to a printer on the LAN: one request in the team's windows, like a render.
  router.get(
    '/v1/printers/:id/status',
    authenticate(store),
    knownQuery(),
    rateLimit(rateLimits),
    refuseDemoKeys('read printer status'),
    async (ctx) => {
      const printer = await teamPrinter(store, authState(ctx).team.id, ctx.params.id ?? '');
      const report = await configuredPrinterDriver(printer).status();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = printerStatusView(printer, report, store.now());
    },
  );
}
