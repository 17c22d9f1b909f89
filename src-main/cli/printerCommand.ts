// `labelsmith printer add|list|remove|test|status`: a team's printers, a test label, and what the printer says about itself.
import { Command, Option } from 'commander';
import { z } from 'zod';
import { devicePathProblem, devicePatterns } from '../printing/devicePrinter';
import { PrinterError } from '../printing/printerError';
import {
  DEFAULT_RAW_PORT,
  newPrinterSchema,
  PRINTER_KINDS,
  type NewPrinter,
  type PrinterRecord,
} from '../store/queries/printerFields';
import { ZPL_FONT_MODES, type ZplFontMode } from '@shared/emit/zpl/zplFontDownloads';
import {
  MEDIA_SENSING_MODES,
  MEDIA_TYPES,
  PRINT_MODES,
  type MediaSensing,
  type MediaType,
  type PrintMode,
} from '@shared/emit/zpl/zplPrinterSettings';
import { EXIT_FAULT, UsageError } from './cliErrors';
import { addVirtualPrinter } from './virtualPrinterAdd';
import { VIRTUAL_PRINTER_POOLS } from '../store/queries/virtualPrinterFields';
import {
  found,
  openCommandStore,
  parseOptions,
  printJson,
  runWithStore,
  wholeNumberSchema,
  withStoreOptions,
  type StoreLocation,
} from './adminCliSupport';

/** Which options belong to which kind: any other kind's option is refused, so a typo cannot silently go unused. */
const KIND_OPTIONS = { raw: ['host', 'port'], system: ['queue', 'rawQueue'], device: ['device'] } as const;

const REQUIRED_OPTION = { raw: 'host', system: 'queue', device: 'device' } as const;

const FONTS_HELP =
  "texts in the template's fonts: graphic (drawn, the default) or download (fonts sent with each job, ~DY + ^A@, for printers that take TrueType fonts)";
const CONFIG_COMMANDS_HELP =
  'let raw ZPL sent to it save settings, change the network or reset it (^JU, ~JR, ^NS, …; refused by default)';
const MARGIN_HELP =
  'what it cannot print at every edge of the label, e.g. 1mm: print jobs warn of elements there (default: none)';
/** The media handling options: sent with each job (ZPL ^MT ^MM ^MN ^LT ^LS); left out, the printer's own setting. */
const MEDIA_HANDLING_HELP = {
  mediaType: 'direct-thermal (no ribbon) or thermal-transfer (ribbon), sent as ^MT',
  printMode: 'what it does after each label: tear-off, peel-off, cutter or rewind, sent as ^MM',
  mediaSensing:
    "how it finds a label's start: gap (gap or notch between labels), mark (black mark) or continuous, sent as ^MN",
  topOffset: 'moves the whole print down (negative: up), e.g. 1mm; ^LT, at most 120 dots either way',
  leftOffset: 'moves the whole print right (negative: left), e.g. 0.5mm or -0.5mm; ^LS, at most 9999 dots',
} as const;

/** Adds the media handling options to `add`, or to `set` (where "default" goes back to the printer's own setting). */
function withMediaHandlingOptions(command: Command, on: 'add' | 'set'): Command {
  const clear = on === 'add' ? "(default: the printer's own)" : '; "default" for the printer\'s own';
  const choices = (values: readonly string[]) => (on === 'add' ? [...values] : [...values, 'default']);
  return command
    .addOption(
      new Option('--media-type <type>', `${MEDIA_HANDLING_HELP.mediaType} ${clear}`).choices(choices(MEDIA_TYPES)),
    )
    .addOption(
      new Option('--print-mode <mode>', `${MEDIA_HANDLING_HELP.printMode} ${clear}`).choices(choices(PRINT_MODES)),
    )
    .addOption(
      new Option('--media-sensing <mode>', `${MEDIA_HANDLING_HELP.mediaSensing} ${clear}`).choices(
        choices(MEDIA_SENSING_MODES),
      ),
    )
    .option('--top-offset <length>', `${MEDIA_HANDLING_HELP.topOffset} ${clear}`)
    .option('--left-offset <length>', `${MEDIA_HANDLING_HELP.leftOffset} ${clear}`);
}

interface MediaHandlingOptions {
  mediaType?: MediaType | 'default';
  printMode?: PrintMode | 'default';
  mediaSensing?: MediaSensing | 'default';
  topOffset?: string;
  leftOffset?: string;
}
const MEDIA_HANDLING_FIELDS = ['mediaType', 'printMode', 'mediaSensing', 'topOffset', 'leftOffset'] as const;

/** What a virtual printer has none of: it is reached over its own port and prints on the printers it routes to. */
const REAL_PRINTER_OPTIONS = new Set([
  ...Object.values(KIND_OPTIONS).flat(),
  'media',
  'darkness',
  'speed',
  'timeZone',
  'allowConfigCommands',
  'unprintableMargin',
  'fonts',
  ...MEDIA_HANDLING_FIELDS,
]);

const addSchema = z.object({
  team: z.string(),
  name: z.string(),
  kind: z.enum(PRINTER_KINDS),
  listen: z.undefined({ error: 'applies to a virtual printer only (--kind virtual)' }).optional(),
  route: z.undefined({ error: 'applies to a virtual printer only (--kind virtual)' }).optional(),
  pool: z.undefined({ error: 'applies to a virtual printer only (--kind virtual)' }).optional(),
  allowClient: z.undefined({ error: 'applies to a virtual printer only (--kind virtual)' }).optional(),
  host: z.string().optional(),
  port: wholeNumberSchema(0).optional(),
  queue: z.string().optional(),
  rawQueue: z.boolean().optional(),
  device: z.string().optional(),
  dpi: wholeNumberSchema(0).optional(),
  media: z.string().optional(),
  darkness: wholeNumberSchema(0).optional(),
  speed: wholeNumberSchema(0).optional(),
  timeZone: z.string().optional(),
  allowConfigCommands: z.boolean().optional(),
  unprintableMargin: z.string().optional(),
  fonts: z.enum(ZPL_FONT_MODES).optional(),
  mediaType: z.enum(MEDIA_TYPES).optional(),
  printMode: z.enum(PRINT_MODES).optional(),
  mediaSensing: z.enum(MEDIA_SENSING_MODES).optional(),
  topOffset: z.string().optional(),
  leftOffset: z.string().optional(),
});
type AddOptions = z.output<typeof addSchema>;

/** The stored fields' names as the options that set them, for messages. */
const OPTION_OF_FIELD: Record<string, string> = {
  'connection.host': '--host',
  'connection.port': '--port',
  'connection.queue': '--queue',
  'connection.path': '--device',
  media: '--media',
  dpi: '--dpi',
  darkness: '--darkness',
  speed: '--speed',
  timeZone: '--time-zone',
  unprintableMargin: '--unprintable-margin',
  fonts: '--fonts',
  mediaType: '--media-type',
  printMode: '--print-mode',
  mediaSensing: '--media-sensing',
  topOffset: '--top-offset',
  leftOffset: '--left-offset',
  name: '--name',
};

/** Each problem of a parse named by the option that set its field. */
function optionProblems(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.join('.');
      return `${OPTION_OF_FIELD[path] ?? (path || 'options')}: ${issue.message}`;
    })
    .join('; ');
}

const MEDIA_PATTERN = /^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*x\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)\s*$/i;

/** "4x6in", "100x150mm" or "4inx6in" as two lengths; the unit after the height also applies to a bare width. */
function parseMedia(text: string): { width: string; height: string } {
  const match = MEDIA_PATTERN.exec(text);
  if (!match)
    throw new UsageError(
      `--media: must be WIDTHxHEIGHT with a unit, e.g. 4x6in or 100x150mm, got ${JSON.stringify(text)}`,
    );
  const [, width, widthUnit, height, heightUnit] = match;
  const unit = (heightUnit ?? '').toLowerCase();
  return { width: `${width}${(widthUnit ?? unit).toLowerCase()}`, height: `${height}${unit}` };
}

/** The printer as the store takes it; every problem named by its option, before anything is written. */
function newPrinter(options: AddOptions): NewPrinter {
  const misplaced = PRINTER_KINDS.filter((kind) => kind !== options.kind)
    .flatMap((kind) => KIND_OPTIONS[kind])
    .filter((key) => options[key] !== undefined);
  if (misplaced.length > 0) {
    const names = misplaced.map((key) => (key === 'rawQueue' ? '--raw-queue' : `--${key}`));
    throw new UsageError(
      `${names.join(', ')} ${misplaced.length === 1 ? 'does' : 'do'} not apply to a ${options.kind} printer`,
    );
  }
  const required = REQUIRED_OPTION[options.kind];
  if (options[required] === undefined) throw new UsageError(`--${required}: required for a ${options.kind} printer`);
  const connection =
    options.kind === 'raw'
      ? { kind: 'raw' as const, host: options.host ?? '', port: options.port ?? DEFAULT_RAW_PORT }
      : options.kind === 'system'
        ? { kind: 'system' as const, queue: options.queue ?? '', rawQueue: options.rawQueue ?? false }
        : { kind: 'device' as const, path: options.device ?? '' };
  const printer = {
    teamId: options.team,
    name: options.name,
    connection,
    dpi: options.dpi ?? 203,
    media: options.media === undefined ? null : parseMedia(options.media),
    darkness: options.darkness ?? null,
    speed: options.speed ?? null,
    timeZone: options.timeZone ?? null,
    allowConfigCommands: options.allowConfigCommands ?? false,
    unprintableMargin: options.unprintableMargin ?? null,
    fonts: options.fonts ?? 'graphic',
    mediaType: options.mediaType ?? null,
    printMode: options.printMode ?? null,
    mediaSensing: options.mediaSensing ?? null,
    topOffset: options.topOffset ?? null,
    leftOffset: options.leftOffset ?? null,
  };
  const result = newPrinterSchema.safeParse(printer);
  if (!result.success) throw new UsageError(optionProblems(result.error));
  return printer as NewPrinter;
}

/** Reads one printer and closes the store before any slow printer I/O: the database is not held while we wait. */
/** The printing drivers, loaded by the subcommands that reach a printer (test, status). */
function printerDrivers() {
  return import('../printing/printerDrivers');
}

async function loadPrinter(options: StoreLocation, id: string): Promise<PrinterRecord> {
  const store = await openCommandStore(options);
  try {
    return found(await store.printers.get(id), 'printer', id);
  } finally {
    await store.close();
  }
}

export function printerCommand(): Command {
  const printer = new Command('printer').description(
    "add, list and remove a team's printers; print a test label; read a printer's status",
  );

  printer.addCommand(
    withMediaHandlingOptions(withStoreOptions(new Command('add')), 'add')
      .description('add a printer; prints {"id": …}')
      .requiredOption('--team <id>', 'team id')
      .requiredOption('--name <name>', 'printer name, unique in the team')
      .addOption(
        new Option(
          '--kind <kind>',
          'raw: ZPL over TCP; system: a CUPS/lp queue; device: a device file; virtual: a port that takes ZPL and routes it to printers',
        )
          .choices([...PRINTER_KINDS, 'virtual'])
          .makeOptionMandatory(),
      )
      .option('--host <host>', "raw: the printer's host name or IP address")
      .option('--port <port>', `raw: TCP port (default ${DEFAULT_RAW_PORT})`)
      .option('--queue <name>', 'system: the lp queue name')
      .option('--raw-queue', 'system: the queue passes bytes through untouched: send ZPL instead of PDF')
      .option(
        '--device <path>',
        'device: a character device at /dev/usb/lp*, /dev/lp*, /dev/ttyUSB* or /dev/ttyS* (links are followed)',
      )
      .option(
        '--dpi <n>',
        'resolution: 203, 300 or 600 (default 203); virtual: the one its clients write for (default: the routed printer’s, sent as is)',
      )
      .option('--media <size>', 'default media size, e.g. 4x6in or 100x150mm')
      .option('--darkness <n>', "ZPL darkness, 0-30 (default: the printer's own)")
      .option('--speed <n>', "ZPL print speed in inches per second, 2-14 (default: the printer's own)")
      .option(
        '--time-zone <zone>',
        'IANA time zone for now() and formatDate on its labels, e.g. Europe/Berlin (default: UTC)',
      )
      .option('--allow-config-commands', CONFIG_COMMANDS_HELP)
      .option('--unprintable-margin <length>', MARGIN_HELP)
      .addOption(new Option('--fonts <mode>', FONTS_HELP).choices(ZPL_FONT_MODES))
      .option(
        '--listen <address:port>',
        'virtual: where it takes ZPL, e.g. 127.0.0.1:9101 (loopback unless LAN access)',
      )
      .option('--route <printers>', 'virtual: the printers (ids or names, comma-separated) its labels go to')
      .addOption(
        new Option(
          '--pool <mode>',
          'virtual, several routes: failover (the first ready one, default) or round-robin',
        ).choices(VIRTUAL_PRINTER_POOLS),
      )
      .option(
        '--allow-client <address...>',
        'virtual, listening beyond loopback: the client addresses or CIDR ranges that may print to it',
      )
      .action(async (raw: StoreLocation & Record<string, unknown>) => {
        if (raw.kind === 'virtual') {
          const misplaced = Object.keys(raw).filter((key) => REAL_PRINTER_OPTIONS.has(key) && raw[key] !== undefined);
          if (misplaced.length > 0)
            throw new UsageError(
              `${misplaced.map((key) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`).join(', ')}: do not apply to a virtual printer`,
            );
          await addVirtualPrinter(raw);
          return;
        }
        const options = parseOptions(addSchema, raw);
        const fields = newPrinter(options);
        if (fields.connection.kind === 'device') {
          const problem = await devicePathProblem(fields.connection.path, devicePatterns());
          if (problem !== undefined) throw new UsageError(`--device: ${problem}`);
        }
        await runWithStore(raw, (store) =>
          store.transaction(async (trx) => {
            found(await trx.teams.get(options.team), 'team', options.team);
            if ((await trx.printers.list(options.team)).some((other) => other.name === fields.name.trim())) {
              throw new UsageError(
                `--name: the team already has a printer named ${JSON.stringify(fields.name.trim())}`,
              );
            }
            return trx.printers.create(fields);
          }),
        );
      }),
  );

  printer.addCommand(
    withStoreOptions(new Command('list'))
      .description('list a team\'s printers; prints {"printers": […]}')
      .requiredOption('--team <id>', 'team id')
      .action((options: StoreLocation & { team: string }) =>
        runWithStore(options, async (store) => {
          found(await store.teams.get(options.team), 'team', options.team);
          return {
            printers: await store.printers.list(options.team),
            virtualPrinters: await store.virtualPrinters.list(options.team),
          };
        }),
      ),
  );

  printer.addCommand(
    withMediaHandlingOptions(withStoreOptions(new Command('set')), 'set')
      .description(
        "change a printer's time zone, unprintable margin, fonts mode, media handling, or whether raw ZPL may configure it; prints the printer",
      )
      .argument('<id>', 'printer id')
      .option(
        '--time-zone <zone>',
        'IANA time zone for now() and formatDate on its labels, e.g. Europe/Berlin; "default" for UTC',
      )
      .option('--unprintable-margin <length>', `${MARGIN_HELP}; "none" for none`)
      .option('--allow-config-commands', CONFIG_COMMANDS_HELP)
      .option('--no-allow-config-commands', 'refuse raw ZPL holding configuration commands again (the default)')
      .addOption(new Option('--fonts <mode>', FONTS_HELP).choices(ZPL_FONT_MODES))
      .action(
        async (
          id: string,
          options: StoreLocation &
            MediaHandlingOptions & {
              timeZone?: string;
              unprintableMargin?: string;
              allowConfigCommands?: boolean;
              fonts?: ZplFontMode;
            },
        ) => {
          const given = [
            options.timeZone,
            options.unprintableMargin,
            options.allowConfigCommands,
            options.fonts,
            ...MEDIA_HANDLING_FIELDS.map((field) => options[field]),
          ];
          if (given.every((option) => option === undefined)) {
            throw new UsageError(
              'give --time-zone, --unprintable-margin, --fonts, --media-type, --print-mode, --media-sensing, --top-offset, --left-offset or --[no-]allow-config-commands',
            );
          }
          // Each one given: "default" is null, the printer's own setting again; one left out stays as it is.
          const mediaHandling = Object.fromEntries(
            MEDIA_HANDLING_FIELDS.flatMap((field) =>
              options[field] === undefined ? [] : [[field, options[field] === 'default' ? null : options[field]]],
            ),
          );
          const timeZone = options.timeZone === 'default' ? null : options.timeZone;
          const zone = timeZone === undefined ? undefined : newPrinterSchema.shape.timeZone.safeParse(timeZone);
          if (zone?.success === false)
            throw new UsageError(`--time-zone: ${zone.error.issues.map((issue) => issue.message).join('; ')}`);
          const marginText = options.unprintableMargin === 'none' ? null : options.unprintableMargin;
          const margin =
            marginText === undefined ? undefined : newPrinterSchema.shape.unprintableMargin.safeParse(marginText);
          if (margin?.success === false)
            throw new UsageError(
              `--unprintable-margin: ${margin.error.issues.map((issue) => issue.message).join('; ')}`,
            );
          await runWithStore(options, (store) =>
            store.transaction(async (trx) => {
              const record = found(await trx.printers.get(id), 'printer', id);
              const changes = {
                timeZone: zone === undefined ? record.timeZone : zone.data,
                unprintableMargin: margin === undefined ? record.unprintableMargin : margin.data,
                allowConfigCommands: options.allowConfigCommands ?? record.allowConfigCommands,
                fonts: options.fonts ?? record.fonts,
                ...mediaHandling,
              };
              // Checked whole: an offset's reach depends on the printer's resolution, known only now.
              const checked = newPrinterSchema.safeParse({ ...record, ...changes });
              if (!checked.success) throw new UsageError(optionProblems(checked.error));
              return found(await trx.printers.update(id, { ...record, ...changes }), 'printer', id);
            }),
          );
        },
      ),
  );

  printer.addCommand(
    withStoreOptions(new Command('remove'))
      .description('remove a printer or a virtual printer; prints the removed printer')
      .argument('<id>', 'printer id')
      .action((id: string, options: StoreLocation) =>
        runWithStore(options, (store) =>
          store.transaction(async (trx) =>
            found((await trx.printers.remove(id)) ?? (await trx.virtualPrinters.remove(id)), 'printer', id),
          ),
        ),
      ),
  );

  printer.addCommand(
    withStoreOptions(new Command('test'))
      .description('print a test label (name, dpi, date, a code128); prints {"id", "kind", "format", "bytes"}')
      .argument('<id>', 'printer id')
      .action(async (id: string, options: StoreLocation) => {
        const record = await loadPrinter(options, id);
        const driver = (await printerDrivers()).configuredPrinterDriver(record);
        // The renderer is loaded by the one subcommand that draws: the others start without it.
        const { renderTestLabel } = await import('../printing/printerTestLabel');
        const label = await renderTestLabel(record, driver.format, new Date());
        try {
          const receipt = await driver.print(label);
          printJson({ id: record.id, kind: record.connection.kind, format: driver.format, ...receipt });
        } catch (error) {
          if (!(error instanceof PrinterError)) throw error;
          // The arguments were fine; the printer failed: a fault (exit 1), not bad input (exit 2).
          process.stderr.write(`error: ${error.message} (${error.code})\n`);
          process.exitCode = EXIT_FAULT;
        }
      }),
  );

  printer.addCommand(
    withStoreOptions(new Command('status'))
      .description(
        'ask the printer for its status (~HS for raw ZPL printers); prints {"id", "kind", "reachable", "state", "error"?}',
      )
      .argument('<id>', 'printer id')
      .action(async (id: string, options: StoreLocation) => {
        const record = await loadPrinter(options, id);
        const { reachable, state, problem } = await (await printerDrivers()).configuredPrinterDriver(record).status();
        // The operator's own machine: the message may say where the printer is.
        printJson({
          id: record.id,
          kind: record.connection.kind,
          reachable,
          state,
          ...(problem && { error: problem.message }),
        });
      }),
  );

  return printer;
}
