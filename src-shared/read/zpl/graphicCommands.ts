// Handlers of the graphic commands: ^GF (graphic field), ~DG/~DY (downloads), ^XG/^IM/^IL (recall), ^ID (delete).
import type { MonoBitmap } from './zplField';
import { decodeOnce } from './graphicCache';
import { graphicImage, type Magnification } from './graphicImage';
import { decodeZb64, isZb64 } from './zb64';
import { decodePngGraphic, parseFont } from './zplDownloadedFiles';
import { decodeGraphic } from './zplGraphicData';
import type { GraphicReport, PixelCharge } from './graphicDecoding';
import { decodeZplHex } from './zplHexGraphic';
import { formatObjectName, parseObjectName, type ZplObjectName } from './zplObjectStore';
import { readNumber, type ZplCommandTable, type ZplReader } from './zplReader';
import { commandLabel, type ZplCommand } from './zplTokenizer';

const ONE_TO_ONE: Magnification = { x: 1, y: 1 };

function reporter(reader: ZplReader, command: ZplCommand): GraphicReport {
  return (code, message) => reader.warnAt(code, `${commandLabel(command)}: ${message}`, command);
}

/** What the budget error names: the command and where it is. */
function described(command: ZplCommand): string {
  return `the graphic of ${commandLabel(command)} at character ${command.position}`;
}

/** A whole number from a size parameter, NaN when it is none (the decoders report it). */
function count(value: string | undefined): number {
  return value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
}

/** Draws a bitmap at the field's origin (or `origin`), reversed under ^FR/^LR. */
function drawGraphic(
  reader: ZplReader,
  bitmap: MonoBitmap,
  magnification: Magnification,
  origin = reader.origin(),
): void {
  reader.add(graphicImage(reader.newId(), bitmap, origin, magnification, reader.reversed(), reader));
}

/** The stored graphic for ^XG/^IM/^IL, or undefined with a warning naming what is missing. */
function recallGraphic(reader: ZplReader, command: ZplCommand, nameParam: string | undefined): MonoBitmap | undefined {
  const name = parseObjectName(nameParam ?? '', 'GRF');
  const object = name && reader.objects.recall(name);
  if (object?.kind === 'graphic') return object.bitmap;
  const what = name ? formatObjectName(name) : `"${nameParam ?? ''}"`;
  reader.warnAt(
    'ZPL_OBJECT_NOT_FOUND',
    `${commandLabel(command)}: no graphic ${what} was downloaded before it; nothing drawn`,
    command,
  );
  return undefined;
}

function store(
  reader: ZplReader,
  command: ZplCommand,
  name: ZplObjectName,
  object: Parameters<ZplReader['objects']['store']>[1],
): void {
  if (!reader.objects.store(name, object)) {
    reader.warnAt(
      'ZPL_STORE_FULL',
      `${commandLabel(command)}: ${formatObjectName(name)} does not fit in the ${reader.objects.limit / 1024 / 1024} MB kept for downloaded objects; not stored`,
      command,
    );
  }
}

/** Whether `bytes` more fit under `name`; warns (and the caller stores nothing, decodes nothing) when not. */
function fits(reader: ZplReader, command: ZplCommand, name: ZplObjectName, bytes: number): boolean {
  if (bytes <= reader.objects.room(name)) return true;
  reader.warnAt(
    'ZPL_STORE_FULL',
    `${commandLabel(command)}: ${formatObjectName(name)} declares ${bytes} bytes, more than is left of the ${reader.objects.limit / 1024 / 1024} MB kept for downloaded objects; not stored`,
    command,
  );
  return false;
}

/** ~DY's extension parameter: what the file is, and the extension it is stored under. */
const DOWNLOAD_KINDS: Record<string, { kind: 'grf' | 'png' | 'font'; extension: string }> = {
  G: { kind: 'grf', extension: 'GRF' },
  P: { kind: 'png', extension: 'PNG' },
  T: { kind: 'font', extension: 'TTF' },
  E: { kind: 'font', extension: 'TTE' },
};

/** The bytes of a downloaded file: ZB64, ASCII hex (A, P) or binary (B), at most `size` of them. */
function fileBytes(
  command: ZplCommand,
  format: string,
  data: string,
  size: number,
  budget: PixelCharge,
  report: GraphicReport,
): Uint8Array | undefined {
  if (isZb64(data)) return decodeZb64(data, size, budget, described(command), report);
  if (format === 'B') return Uint8Array.from(data.slice(0, size), (char) => char.charCodeAt(0) & 0xff);
  return decodeZplHex(data, size, 1, report);
}

function downloadObject(reader: ZplReader, command: ZplCommand): void {
  const [nameParam, formatParam, extensionParam, totalParam, perRowParam, written = ''] = reader.params(command, 6);
  // Binary data (format B or C) come counted by the tokenizer, untrimmed, whatever bytes they hold.
  const data = command.binary ?? written;
  const report = reporter(reader, command);
  const format = (formatParam ?? 'A').toUpperCase();
  const kind = DOWNLOAD_KINDS[(extensionParam ?? '').toUpperCase()];
  if (!kind) {
    reader.warnAt(
      'ZPL_UNSUPPORTED',
      `~DY: files of type "${extensionParam ?? ''}" are not read (only G graphics, P PNG images, T and E fonts); skipped`,
      command,
    );
    return;
  }
  // The file is stored under the extension its type gives, whatever the name says.
  const parsed = parseObjectName(nameParam ?? '', kind.extension);
  const name = parsed && { ...parsed, extension: kind.extension };
  const total = count(totalParam);
  if (!name || !(total > 0)) {
    reader.warnAt('ZPL_BAD_PARAMETER', `~DY needs an object name and its size in bytes; skipped`, command);
    return;
  }
  if (format === 'C') {
    report(
      'ZPL_GRAPHIC_FORMAT',
      "AR-compressed downloads (format C) use Zebra's own compression, which has no public definition: not stored (its counted bytes are skipped, what follows is read)",
    );
    return;
  }
  const key = reader.cacheKey(['~DY', format, kind.kind, total, perRowParam, data]);
  if (kind.kind === 'grf') {
    if (!fits(reader, command, name, total * 8)) return;
    const declaration = {
      format: format === 'B' ? 'B' : 'A',
      totalBytes: total,
      bytesPerRow: count(perRowParam),
      data,
    };
    const bitmap = decodeOnce(key, reader.budget, described(command), report, (budget, inner) =>
      decodeGraphic(declaration, budget, described(command), inner),
    );
    if (bitmap) store(reader, command, name, { kind: 'graphic', bitmap });
    return;
  }
  if (!fits(reader, command, name, total)) return;
  if (kind.kind === 'png') {
    const bitmap = decodeOnce(key, reader.budget, described(command), report, (budget, inner) => {
      const bytes = fileBytes(command, format, data, total, budget, inner);
      return bytes && decodePngGraphic(bytes, budget, described(command), inner);
    });
    if (bitmap) store(reader, command, name, { kind: 'graphic', bitmap });
    return;
  }
  const bytes = fileBytes(command, format, data, total, reader.budget, report);
  if (!bytes) return;
  const font = parseFont(bytes);
  if (font) store(reader, command, name, { kind: 'font', data: bytes, font });
  else
    reader.warnAt(
      'ZPL_MALFORMED_FONT',
      `~DY: ${formatObjectName(name)} is a malformed font (it does not parse as TrueType or OpenType); not stored`,
      command,
    );
}

export const GRAPHIC_COMMANDS: ZplCommandTable = {
  // ^GFa,b,c,d,data: format, data bytes, graphic bytes, bytes per row (binary data: exactly b bytes, read by the
  // tokenizer). Decoded here (so warnings point at it), drawn at ^FS.
  '^GF': (reader, command) => {
    const [format = 'A', dataBytes, totalBytes, bytesPerRow, written = ''] = reader.params(command, 5);
    const data = command.binary ?? written;
    const declaredData = count(dataBytes);
    const declaration = {
      format: format.toUpperCase(),
      ...(Number.isNaN(declaredData) ? {} : { dataBytes: declaredData }),
      totalBytes: count(totalBytes),
      bytesPerRow: count(bytesPerRow),
      data,
    };
    const key = reader.cacheKey(['^GF', declaration.format, dataBytes, totalBytes, bytesPerRow, data]);
    const bitmap = decodeOnce(key, reader.budget, described(command), reporter(reader, command), (budget, report) =>
      decodeGraphic(declaration, budget, described(command), report),
    );
    reader.field.onClose = (at) => {
      if (bitmap) drawGraphic(at, bitmap, ONE_TO_ONE);
    };
    reader.field.kindCommand = command;
  },
  // ~DGd:o.x,t,w,data: stores a graphic of t bytes, w a row (ASCII hex or ZB64).
  '~DG': (reader, command) => {
    const [nameParam, totalParam, perRowParam, data = ''] = reader.params(command, 4);
    const name = parseObjectName(nameParam ?? '', 'GRF');
    const total = count(totalParam);
    if (!name) {
      reader.warnAt('ZPL_BAD_PARAMETER', '~DG needs an object name; skipped', command);
      return;
    }
    if (total > 0 && !fits(reader, command, name, total * 8)) return;
    const declaration = { format: 'A', totalBytes: total, bytesPerRow: count(perRowParam), data };
    const key = reader.cacheKey(['~DG', totalParam, perRowParam, data]);
    const bitmap = decodeOnce(key, reader.budget, described(command), reporter(reader, command), (budget, report) =>
      decodeGraphic(declaration, budget, described(command), report),
    );
    if (bitmap) store(reader, command, name, { kind: 'graphic', bitmap });
  },
  '~DY': downloadObject,
  // ^XGd:o.x,mx,my: a stored graphic at the field origin, each dot mx by my dots.
  '^XG': (reader, command) => {
    const [nameParam, mx, my] = reader.params(command);
    const magnification = { x: readNumber(mx, 1, 1, 10), y: readNumber(my, 1, 1, 10) };
    reader.field.onClose = (at) => {
      const bitmap = recallGraphic(at, command, nameParam);
      if (bitmap) drawGraphic(at, bitmap, magnification);
    };
    reader.field.kindCommand = command;
  },
  // ^IMd:o.x: ^XG without magnification.
  '^IM': (reader, command) => {
    reader.field.onClose = (at) => {
      const bitmap = recallGraphic(at, command, command.params);
      if (bitmap) drawGraphic(at, bitmap, ONE_TO_ONE);
    };
    reader.field.kindCommand = command;
  },
  // ^ILd:o.x: a stored image as the start of the label, always at ^FO0,0; later fields draw over it.
  '^IL': (reader, command) => {
    const bitmap = recallGraphic(reader, command, command.params);
    if (bitmap) drawGraphic(reader, bitmap, ONE_TO_ONE, reader.placeOrigin(0, 0, 'FO', 0));
  },
  // ^IDd:o.x: deletes stored objects; '*' and '?' are wildcards (^IDR:*.* clears R:).
  '^ID': (reader, command) => {
    const name = parseObjectName(command.params, 'GRF');
    if (name) reader.objects.delete(name);
    else reader.warnAt('ZPL_BAD_PARAMETER', '^ID needs an object name; nothing deleted', command);
  },
};
