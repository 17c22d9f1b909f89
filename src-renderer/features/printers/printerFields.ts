// A printer as the page shows it (kind, address, media) and as its form edits it: text fields to and from the API's shape.
import type {
  EditorPrinter,
  EditorPrinterConnection,
  EditorPrinterInput,
  EditorPrinterKind,
  MediaHandlingField,
} from '@shared/api/editorPrinters';
import type { ZplFontMode } from '@shared/emit/zpl/zplFontDownloads';
import type { MediaSensing, MediaType, PrintMode } from '@shared/emit/zpl/zplPrinterSettings';
import { EditorApiError } from '../../api/apiError';
import type { ZplDpi } from '../../api/apiConstants';

export const KIND_NAMES: Record<EditorPrinterKind, string> = {
  raw: 'Network (ZPL over TCP)',
  system: 'System queue (CUPS/lp)',
  device: 'Device file',
};

export const DEFAULT_PORT = 9100;

export function printerAddress(connection: EditorPrinterConnection): string {
  switch (connection.kind) {
    case 'raw':
      // An IPv6 address needs brackets before its port.
      return connection.host.includes(':')
        ? `[${connection.host}]:${connection.port}`
        : `${connection.host}:${connection.port}`;
    case 'system':
      return connection.rawQueue ? `${connection.queue} (raw ZPL)` : `${connection.queue} (PDF)`;
    case 'device':
      return connection.path;
  }
}

/** How texts in the template's own fonts reach a ZPL printer, as the form offers it. */
export const FONT_MODE_NAMES: Record<ZplFontMode, string> = {
  graphic: 'Drawn as graphics (every printer)',
  download: 'Fonts downloaded with each job (~DY)',
};

/** The media handling choices as the form, the printer list and the print dialog name them. */
export const MEDIA_TYPE_NAMES: Record<MediaType, string> = {
  'direct-thermal': 'Direct thermal (no ribbon)',
  'thermal-transfer': 'Thermal transfer (ribbon)',
};
export const PRINT_MODE_NAMES: Record<PrintMode, string> = {
  'tear-off': 'Tear off',
  'peel-off': 'Peel off',
  cutter: 'Cut (cutter)',
  rewind: 'Rewind',
};
export const MEDIA_SENSING_NAMES: Record<MediaSensing, string> = {
  gap: 'Gap or notch between labels',
  mark: 'Black mark',
  continuous: 'Continuous (no gaps)',
};

/** An offset as shown: with its direction in words ("1mm down", "0.5mm left"). */
function offsetText(offset: string, forward: string, back: string): string {
  return offset.trim().startsWith('-') ? `${offset.trim().slice(1)} ${back}` : `${offset} ${forward}`;
}

/** The label offsets a printer has set, in words ("1mm down", "0.5mm left"); none when it keeps its own. */
export function offsetTexts(printer: Pick<EditorPrinter, 'topOffset' | 'leftOffset'>): string[] {
  const parts = [
    printer.topOffset && offsetText(printer.topOffset, 'down', 'up'),
    printer.leftOffset && offsetText(printer.leftOffset, 'right', 'left'),
  ];
  return parts.filter((part) => part !== null);
}

/**
 * The media handling a printer has set, in words ("Thermal transfer (ribbon), Peel off, Black mark, 1mm down"); ''
 * when it keeps every setting of its own.
 */
export function mediaHandlingText(printer: Pick<EditorPrinter, MediaHandlingField>): string {
  const choices = [
    printer.mediaType && MEDIA_TYPE_NAMES[printer.mediaType],
    printer.printMode && PRINT_MODE_NAMES[printer.printMode],
    printer.mediaSensing && MEDIA_SENSING_NAMES[printer.mediaSensing],
  ];
  return [...choices.filter((part) => part !== null), ...offsetTexts(printer)].join(', ');
}

/** A system queue that is not raw takes PDF; every other printer takes ZPL. Takes a connection or the form's fields. */
export function printerTakesPdf(connection: { kind: EditorPrinterKind; rawQueue?: boolean }): boolean {
  return connection.kind === 'system' && !connection.rawQueue;
}

export function mediaText(media: EditorPrinter['media']): string {
  return media ? `${media.width} × ${media.height}` : 'Printer’s own';
}

/** The form's fields as typed: every kind's fields are kept, so switching kinds back and forth loses nothing. */
export interface PrinterFormFields {
  name: string;
  kind: EditorPrinterKind;
  host: string;
  port: string;
  queue: string;
  rawQueue: boolean;
  path: string;
  dpi: ZplDpi;
  mediaWidth: string;
  mediaHeight: string;
  darkness: string;
  speed: string;
  timeZone: string;
  unprintableMargin: string;
  fonts: ZplFontMode;
  /** '' is the printer's own setting. */
  mediaType: MediaType | '';
  printMode: PrintMode | '';
  mediaSensing: MediaSensing | '';
  topOffset: string;
  leftOffset: string;
}

export const EMPTY_PRINTER_FORM: PrinterFormFields = {
  name: '',
  kind: 'raw',
  host: '',
  port: String(DEFAULT_PORT),
  queue: '',
  rawQueue: false,
  path: '',
  dpi: 203,
  mediaWidth: '',
  mediaHeight: '',
  darkness: '',
  speed: '',
  timeZone: '',
  unprintableMargin: '',
  fonts: 'graphic',
  mediaType: '',
  printMode: '',
  mediaSensing: '',
  topOffset: '',
  leftOffset: '',
};

export function formFromPrinter(printer: EditorPrinter): PrinterFormFields {
  const { connection } = printer;
  return {
    ...EMPTY_PRINTER_FORM,
    name: printer.name,
    kind: connection.kind,
    ...(connection.kind === 'raw' && { host: connection.host, port: String(connection.port) }),
    ...(connection.kind === 'system' && { queue: connection.queue, rawQueue: connection.rawQueue }),
    ...(connection.kind === 'device' && { path: connection.path }),
    dpi: printer.dpi,
    mediaWidth: printer.media?.width ?? '',
    mediaHeight: printer.media?.height ?? '',
    darkness: printer.darkness === null ? '' : String(printer.darkness),
    speed: printer.speed === null ? '' : String(printer.speed),
    timeZone: printer.timeZone ?? '',
    unprintableMargin: printer.unprintableMargin ?? '',
    fonts: printer.fonts,
    mediaType: printer.mediaType ?? '',
    printMode: printer.printMode ?? '',
    mediaSensing: printer.mediaSensing ?? '',
    topOffset: printer.topOffset ?? '',
    leftOffset: printer.leftOffset ?? '',
  };
}

/** A text field: empty is "not set". */
function optionalText(text: string): string | null {
  return text.trim() === '' ? null : text.trim();
}

/** A number field: empty is "not set"; anything else goes as typed (a number field gives digits) for the server to check. */
function optionalNumber(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** The printer to send; the server checks the values and names the field of each problem. */
export function printerInput(fields: PrinterFormFields): EditorPrinterInput {
  const connection: EditorPrinterConnection =
    fields.kind === 'raw'
      ? { kind: 'raw', host: fields.host.trim(), port: optionalNumber(fields.port) ?? DEFAULT_PORT }
      : fields.kind === 'system'
        ? { kind: 'system', queue: fields.queue.trim(), rawQueue: fields.rawQueue }
        : { kind: 'device', path: fields.path.trim() };
  const width = fields.mediaWidth.trim();
  const height = fields.mediaHeight.trim();
  return {
    name: fields.name.trim(),
    connection,
    dpi: fields.dpi,
    // Both or neither: one of the two alone is sent, so the server says which one is missing.
    media: width === '' && height === '' ? null : { width, height },
    darkness: optionalNumber(fields.darkness),
    speed: optionalNumber(fields.speed),
    timeZone: optionalText(fields.timeZone),
    unprintableMargin: optionalText(fields.unprintableMargin),
    fonts: fields.fonts,
    mediaType: fields.mediaType === '' ? null : fields.mediaType,
    printMode: fields.printMode === '' ? null : fields.printMode,
    mediaSensing: fields.mediaSensing === '' ? null : fields.mediaSensing,
    topOffset: optionalText(fields.topOffset),
    leftOffset: optionalText(fields.leftOffset),
  };
}

export type FieldName = Exclude<keyof PrinterFormFields, 'kind' | 'rawQueue' | 'fonts'>;
/** The fields the form shows as a choice (a select), not as typed text. */
export type ChoiceField = 'dpi' | 'mediaType' | 'printMode' | 'mediaSensing';

/** The server's paths (details.errors) as the form's fields. */
const FIELD_OF_PATH: Record<string, FieldName> = {
  name: 'name',
  'connection.host': 'host',
  'connection.port': 'port',
  'connection.queue': 'queue',
  'connection.path': 'path',
  dpi: 'dpi',
  'media.width': 'mediaWidth',
  'media.height': 'mediaHeight',
  darkness: 'darkness',
  speed: 'speed',
  timeZone: 'timeZone',
  unprintableMargin: 'unprintableMargin',
  mediaType: 'mediaType',
  printMode: 'printMode',
  mediaSensing: 'mediaSensing',
  topOffset: 'topOffset',
  leftOffset: 'leftOffset',
};

/** Each refused field with the server's words, so the form marks the fields (a taken name is a 409 about `name`). */
export function fieldErrors(error: unknown): Partial<Record<FieldName, string>> {
  if (!(error instanceof EditorApiError)) return {};
  if (error.code === 'CONFLICT') return { name: error.message.replace(/^name: /, '') };
  const errors: Partial<Record<FieldName, string>> = {};
  for (const problem of error.problems) {
    const field = FIELD_OF_PATH[problem.path];
    if (field && errors[field] === undefined) errors[field] = problem.message;
  }
  return errors;
}
