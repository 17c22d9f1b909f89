// /api/printers: the workspace team's printers: list, add, edit, remove, print the test label, and read one printer's live status.
import type Router from '@koa/router';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '@shared/api/apiErrors';
import { BadRequestError } from '@shared/errors';
import type { EditorPrinter, EditorPrinterTestResult } from '@shared/api/editorPrinters';
import { devicePathProblem, devicePatterns } from '../../../printing/devicePrinter';
import { configuredPrinterDriver } from '../../../printing/printerDrivers';
import type { Store, StoreScope } from '../../../store/openStore';
import {
  darknessSchema,
  printerFontsSchema,
  DEFAULT_RAW_PORT,
  dpiSchema,
  mediaHandlingShape,
  mediaSizeSchema,
  newPrinterSchema,
  offsetsInReach,
  printerConnectionSchema,
  speedSchema,
  type PrinterRecord,
} from '../../../store/queries/printerFields';
import { jsonBody } from '../../middleware/jsonBody';
import { teamPrinter } from '../print/printJobRequests';
import { printerStatusView } from '../printers/printersRoute';
import { parseRequestBody } from '../../requestBody';

/** The store's own checks; the editor may leave out what has a sensible default (port 9100, a PDF queue, 203 dpi, the printer's own settings, UTC). */
const printerBodySchema = z
  .object({
    name: newPrinterSchema.shape.name,
    connection: z.preprocess((connection) => {
      if (typeof connection !== 'object' || connection === null) return connection;
      const fields = connection as Record<string, unknown>;
      if (fields.kind === 'raw' && fields.port === undefined) return { ...fields, port: DEFAULT_RAW_PORT };
      if (fields.kind === 'system' && fields.rawQueue === undefined) return { ...fields, rawQueue: false };
      return connection;
    }, printerConnectionSchema),
    dpi: dpiSchema.default(203),
    media: mediaSizeSchema.nullable().default(null),
    darkness: darknessSchema.nullable().default(null),
    speed: speedSchema.nullable().default(null),
    timeZone: newPrinterSchema.shape.timeZone,
    unprintableMargin: newPrinterSchema.shape.unprintableMargin,
    /** Left out: graphic for a new printer, unchanged for an edited one. */
    fonts: printerFontsSchema.optional(),
    ...mediaHandlingShape,
  })
  .superRefine(offsetsInReach);

/** The body, with a device printer's path checked on disk: only a printer's character device (or its path, unplugged). */
async function printerBody(body: unknown): Promise<z.output<typeof printerBodySchema>> {
  const printer = parseRequestBody(printerBodySchema, body);
  if (printer.connection.kind !== 'device') return printer;
  const problem = await devicePathProblem(printer.connection.path, devicePatterns());
  if (problem === undefined) return printer;
  const message = `connection.path: ${problem}`;
  throw new BadRequestError(message, { errors: [{ path: 'connection.path', message: problem }] });
}

function printerView(printer: PrinterRecord): EditorPrinter {
  const { id, name, connection, dpi, media, darkness, speed, timeZone, unprintableMargin, fonts, createdAt } = printer;
  const { mediaType, printMode, mediaSensing, topOffset, leftOffset } = printer;
  return {
    id,
    name,
    connection,
    dpi,
    media,
    darkness,
    speed,
    timeZone,
    unprintableMargin,
    fonts,
    mediaType,
    printMode,
    mediaSensing,
    topOffset,
    leftOffset,
    createdAt,
  };
}

/** The table's UNIQUE (team_id, name) would refuse it too, as an SQLite error rather than words about the field. */
async function refuseTakenName(
  store: StoreScope,
  teamId: string,
  name: string,
  exceptId: string | null,
): Promise<void> {
  if ((await store.printers.list(teamId)).some((other) => other.name === name && other.id !== exceptId)) {
    throw new ConflictError(
      `name: the workspace already has a printer named ${JSON.stringify(name)}; choose another name`,
    );
  }
}

export function registerPrintersRoutes(router: Router, store: Store, teamId: string): void {
  router.get('/api/printers', async (ctx) => {
    ctx.body = { printers: (await store.printers.list(teamId)).map(printerView) };
  });

  router.post('/api/printers', jsonBody(), async (ctx) => {
    const body = await printerBody(ctx.request.body);
    const printer = await store.transaction(async (trx) => {
      await refuseTakenName(trx, teamId, body.name, null);
      return trx.printers.create({ teamId, ...body });
    });
    ctx.status = 201;
    ctx.body = printerView(printer);
  });

  // An edit sends the whole printer, as add does: what is left out takes its default again.
  router.put('/api/printers/:id', jsonBody(), async (ctx) => {
    const id = ctx.params.id ?? '';
    const body = await printerBody(ctx.request.body);
    const printer = await store.transaction(async (trx) => {
      await teamPrinter(trx, teamId, id);
      await refuseTakenName(trx, teamId, body.name, id);
      return trx.printers.update(id, { teamId, ...body });
    });
    // update() finds what teamPrinter found in the same transaction; the check keeps the types honest.
    if (!printer) throw new NotFoundError(`printer "${id}" was not found`);
    ctx.body = printerView(printer);
  });

  router.delete('/api/printers/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    const removed = await store.transaction(async (trx) => {
      const printer = await teamPrinter(trx, teamId, id);
      await trx.printers.remove(id);
      return printer;
    });
    ctx.body = printerView(removed);
  });

  // The test label goes straight to the printer, not through the print queue: it answers with what the printer did.
  router.post('/api/printers/:id/test', async (ctx) => {
    const printer = await teamPrinter(store, teamId, ctx.params.id ?? '');
    const driver = configuredPrinterDriver(printer);
    // Loaded on the first test print: the server's process starts without the renderer (its workers render).
    const { renderTestLabel } = await import('../../../printing/printerTestLabel');
    const label = await renderTestLabel(printer, driver.format, new Date(store.now()));
    // A printer that fails throws a PrinterError: 502 PRINTER_ERROR with the reason in details.
    const receipt = await driver.print(label);
    const result: EditorPrinterTestResult = { id: printer.id, format: driver.format, ...receipt };
    ctx.body = result;
  });

  // Each call asks the printer (~HS for raw printers) within the drivers' timeouts: 2 s to connect, 3 s for the answer.
  // The answer is /v1's printer status (GET /v1/printers/{id}/status), its error saying where the printer is: the editor configured it.
  router.get('/api/printers/:id/status', async (ctx) => {
    const printer = await teamPrinter(store, teamId, ctx.params.id ?? '');
    const report = await configuredPrinterDriver(printer).status();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = printerStatusView(printer, report, store.now(), true);
  });
}
