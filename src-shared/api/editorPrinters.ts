// The editor's printer API (/api/printers): the shapes the server answers with, which the editor's client checks. A printer's
// live status has the /v1 shape (PrinterStatus in printRequest.ts).
import type { ZplFontMode } from '../emit/zpl/zplFontDownloads';
import type { MediaSensing, MediaType, PrintMode } from '../emit/zpl/zplPrinterSettings';
import type { ZplDpi } from '../render/outputFormats';

export type EditorPrinterConnection =
  | { kind: 'raw'; host: string; port: number }
  | { kind: 'system'; queue: string; rawQueue: boolean }
  | { kind: 'device'; path: string };

export type EditorPrinterKind = EditorPrinterConnection['kind'];

export interface EditorPrinter {
  id: string;
  name: string;
  connection: EditorPrinterConnection;
  dpi: ZplDpi;
  /** The default media size as lengths with a unit ("4in"), or null: the printer's own. */
  media: { width: string; height: string } | null;
  darkness: number | null;
  speed: number | null;
  /** The IANA time zone of now() and formatDate on this printer's labels; null: UTC. */
  timeZone: string | null;
  /** What it cannot print at every edge, as a length ("1mm"), or null: none. */
  unprintableMargin: string | null;
  /** How texts in the template's fonts reach the printer: drawn as graphics, or in fonts downloaded with each job. */
  fonts: ZplFontMode;
  /** Media handling sent with each job (ZPL ^MT ^MM ^MN ^LT ^LS); null: the printer's own setting. */
  mediaType: MediaType | null;
  printMode: PrintMode | null;
  mediaSensing: MediaSensing | null;
  /** Signed lengths ("1mm", "-0.5mm"): how far the whole print moves down and right. */
  topOffset: string | null;
  leftOffset: string | null;
  createdAt: number;
}

/** POST /api/printers/:id/test: the test label was handed to the printer. */
export interface EditorPrinterTestResult {
  id: string;
  format: 'zpl' | 'pdf';
  bytes: number;
  /** The spooler's job id (system queues), when it gave one. */
  requestId?: string;
}

/** POST /api/printers and PUT /api/printers/:id: a whole printer (the server fills in port 9100 and a PDF queue when left out). */
export type EditorPrinterInput = Pick<
  EditorPrinter,
  | 'name'
  | 'connection'
  | 'dpi'
  | 'media'
  | 'darkness'
  | 'speed'
  | 'timeZone'
  | 'unprintableMargin'
  | 'fonts'
  | MediaHandlingField
>;

/** The printer's media handling fields, which the form, the printer list and the print dialog show together. */
export type MediaHandlingField = 'mediaType' | 'printMode' | 'mediaSensing' | 'topOffset' | 'leftOffset';

/** A virtual printer as the Printers page lists it (GET /api/virtual-printers): where it listens and where its labels go. */
export interface EditorVirtualPrinter {
  id: string;
  name: string;
  /** "127.0.0.1:9101" */
  listen: string;
  /** The routed printers' names, in order (an id when that printer was removed). */
  routes: string[];
  /** The same printers by id, for the form that edits it. */
  routeIds: string[];
  pool: 'failover' | 'round-robin';
  allowedClients: string[];
  /** The resolution its clients write for (labels for printers of another are laid out again); null: the printer's. */
  dpi: number | null;
}

/** POST /api/virtual-printers and PUT /api/virtual-printers/:id: a whole virtual printer, as `printer add --kind virtual` takes it. */
export interface EditorVirtualPrinterInput {
  name: string;
  /** "127.0.0.1:9101"; beyond loopback only with LAN access on and allowedClients given. */
  listen: string;
  /** The printers' ids (or names), in order: the first ready one (failover) or each in turn (round-robin). */
  routes: string[];
  pool: 'failover' | 'round-robin';
  allowedClients: string[];
  dpi: number | null;
}

/** A hot folder as Settings lists it (GET /api/hot-folders): a folder the server watches and prints what is dropped in it. */
export interface EditorHotFolder {
  id: string;
  /** The folder's absolute path on the machine running Labelsmith. */
  folder: string;
  printerId: string;
  /** The printer's name; null when it was removed (the folder is then not watched). */
  printer: string | null;
  /** The template data files print with, unless a "template" column or key names one; null: none. */
  templateSlug: string | null;
  enabled: boolean;
  /** Why it cannot be watched now (FOLDER_NOT_FOUND, FOLDER_NOT_WRITABLE, PRINTER_NOT_FOUND); null: it can. */
  problem: { code: string; message: string } | null;
}

/** POST /api/hot-folders and PUT /api/hot-folders/:id. */
export type EditorHotFolderInput = Pick<EditorHotFolder, 'folder' | 'printerId' | 'templateSlug' | 'enabled'>;
