// The printer's object memory for one read: graphics and fonts stored by ~DG/~DY under device:name.ext, bounded in bytes.
import type { Font } from 'fontkit';
import type { MonoBitmap } from './zplField';

/** Most bytes all stored objects may hold together (a graphic counts one byte a dot, a font its file size). */
export const MAX_STORED_BYTES = 16 * 1024 * 1024;

/** Where printers look for an object recalled without a device: RAM, then flash, then the optional memory card, then A:. */
const DEVICE_SEARCH_ORDER = ['R', 'E', 'B', 'A'];
const FONT_EXTENSIONS = ['TTF', 'OTF', 'TTE', 'FNT'];

/** An object's name as ZPL writes it ("R:LOGO.GRF"), upper-cased as printers treat them; no device means "search". */
export interface ZplObjectName {
  device?: string;
  name: string;
  extension: string;
}

export type ZplStoredObject = { kind: 'graphic'; bitmap: MonoBitmap } | { kind: 'font'; data: Uint8Array; font: Font };

/** "d:o.x" to its parts; a left-out extension is `defaultExtension`; undefined when there is no name. */
export function parseObjectName(text: string, defaultExtension: string): ZplObjectName | undefined {
  const match = /^\s*(?:([A-Z]):)?([^.:]*)(?:\.([^.]*))?\s*$/i.exec(text);
  const name = match?.[2]?.trim().toUpperCase();
  if (!match || !name) return undefined;
  const device = match[1]?.toUpperCase();
  return {
    ...(device === undefined ? {} : { device }),
    name,
    extension: (match[3]?.trim() || defaultExtension).toUpperCase(),
  };
}

export function formatObjectName({ device, name, extension }: ZplObjectName): string {
  return `${device ?? 'R'}:${name}.${extension}`;
}

function sizeOf(object: ZplStoredObject): number {
  return object.kind === 'graphic' ? object.bitmap.dots.length : object.data.length;
}

/** A ZPL wildcard pattern ('*' any run, '?' one character) as a whole-string test. */
function wildcard(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
}

/** One per readZpl call: objects downloaded in one label stay for the labels after it, as in a printer. */
export class ZplObjectStore {
  private readonly objects = new Map<string, ZplStoredObject>();
  private stored = 0;

  constructor(readonly limit = MAX_STORED_BYTES) {}

  /** Bytes an object stored under `name` may take: what is free, plus what the object it would replace holds. */
  room(name: ZplObjectName): number {
    const replaced = this.objects.get(formatObjectName(name));
    return this.limit - this.stored + (replaced ? sizeOf(replaced) : 0);
  }

  /** Stores (or replaces) the object; false, storing nothing, when it does not fit. */
  store(name: ZplObjectName, object: ZplStoredObject): boolean {
    if (sizeOf(object) > this.room(name)) return false;
    const key = formatObjectName(name);
    const replaced = this.objects.get(key);
    this.stored += sizeOf(object) - (replaced ? sizeOf(replaced) : 0);
    this.objects.set(key, object);
    return true;
  }

  /** The object under that name, on its device or, with none given, the first found in the printer's search order. */
  recall(name: ZplObjectName): ZplStoredObject | undefined {
    const devices = name.device === undefined ? DEVICE_SEARCH_ORDER : [name.device];
    for (const device of devices) {
      const found = this.objects.get(formatObjectName({ ...name, device }));
      if (found) return found;
    }
    return undefined;
  }

  /** A downloaded font for ^A@ ("E:FONT.TTF"; with no extension or .FNT, any font file of that name). */
  font(text: string): { data: Uint8Array; font: Font } | undefined {
    const name = parseObjectName(text, 'FNT');
    if (!name) return undefined;
    const extensions = name.extension === 'FNT' ? FONT_EXTENSIONS : [name.extension];
    for (const extension of extensions) {
      const found = this.recall({ ...name, extension });
      if (found?.kind === 'font') return found;
    }
    return undefined;
  }

  /** ^ID: deletes the objects matching a name whose name and extension may hold '*' and '?'; returns how many. */
  delete(pattern: ZplObjectName): number {
    const test = wildcard(formatObjectName(pattern));
    let deleted = 0;
    for (const [key, object] of this.objects) {
      if (!test.test(key)) continue;
      this.objects.delete(key);
      this.stored -= sizeOf(object);
      deleted++;
    }
    return deleted;
  }

  get bytes(): number {
    return this.stored;
  }
}
