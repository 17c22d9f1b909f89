// Splits ZPL text into commands (prefix, name, raw parameters, position), honouring ^CC/^CT/^CD changes of the special characters.
import { isZb64 } from './zb64';

/** One command as written: `^FO50,60` is { kind: '^', name: 'FO', params: '50,60' }. */
export interface ZplCommand {
  /** '^' for format commands, '~' for control commands, whatever characters the input currently uses for them. */
  kind: '^' | '~';
  /** Upper-cased name: two characters ("FO", "B3", "A@"), or "A" for ^A with the font as the first parameter character. */
  name: string;
  /** Everything after the name up to the next command, line breaks removed (printers ignore CR and LF in a format). */
  params: string;
  /** Offset of the prefix character in the input. */
  position: number;
  /**
   * The data of a binary download (^GF or ~DY in format B or C), exactly as many characters (bytes) as its byte count
   * declares, or as many as the input still holds: kept out of `params`, which then end at the delimiter before it.
   */
  binary?: string;
}

const CARET = 0x5e;
const TILDE = 0x7e;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/** "^FO" for a command, whatever prefix characters were in force: how warnings name it. */
export function commandLabel(command: ZplCommand): string {
  return `${command.kind}${command.name}`;
}

function isLineBreak(code: number): boolean {
  return code === CR || code === LF;
}

/** Where a download's format and byte count are among its parameters (0-based), and how many come before the data. */
interface BinaryLayout {
  format: number;
  count: number;
  before: number;
}

/** Commands whose data may be binary: ^GFa,b,c,d,data counts b bytes of data, ~DYd:f,b,x,t,w,data counts t. */
const BINARY_DOWNLOADS: Record<string, BinaryLayout> = {
  '^GF': { format: 0, count: 1, before: 4 },
  '~DY': { format: 1, count: 3, before: 5 },
};

/** Formats whose data are raw bytes: B (binary) and C (compressed binary). */
const BINARY_FORMATS = new Set(['B', 'C']);

/**
 * Reads commands one at a time. The prefix and delimiter characters are state of the stream: ^CC/~CC, ^CT/~CT and
 * ^CD/~CD change them for everything after, so the tokenizer applies them itself (and still returns them, so the
 * reader sees them and does not call them unknown). Text between commands that starts no command is ignored, as
 * printers do. No regular expressions: one charCodeAt pass, one substring per command.
 */
export class ZplTokenizer {
  private offset = 0;
  private caret = CARET;
  private tilde = TILDE;
  /** The parameter delimiter (^CD), a comma unless changed. */
  delimiter = COMMA;

  constructor(readonly text: string) {}

  /** The offset just after the last command returned: where a stored format (^DF) ends. */
  get position(): number {
    return this.offset;
  }

  next(): ZplCommand | undefined {
    const { text } = this;
    const length = text.length;
    let start = this.offset;
    while (start < length) {
      const code = text.charCodeAt(start);
      if (code === this.caret || code === this.tilde) break;
      start++;
    }
    if (start >= length) {
      this.offset = length;
      return undefined;
    }
    const kind = text.charCodeAt(start) === this.caret ? '^' : '~';
    // The name: two characters, line breaks inside it skipped; ^A is one character with the font after it (^A0, ^AB).
    let cursor = start + 1;
    let name = '';
    while (cursor < length && name.length < 2) {
      const code = text.charCodeAt(cursor);
      if (code === this.caret || code === this.tilde) break;
      cursor++;
      if (isLineBreak(code)) continue;
      name += String.fromCharCode(code).toUpperCase();
      if (name === 'A' && kind === '^' && cursor < length && text.charCodeAt(cursor) !== 0x40 /* @ */) break;
    }
    let end = cursor;
    while (end < length) {
      const code = text.charCodeAt(end);
      if (code === this.caret || code === this.tilde) break;
      end++;
    }
    // Special-character changes take their new character literally, even if it is the current prefix.
    if (name === 'CC' || name === 'CT' || name === 'CD') {
      const changed = cursor < length ? text.charCodeAt(cursor) : undefined;
      if (changed !== undefined && !isLineBreak(changed)) {
        if (name === 'CC') this.caret = changed;
        else if (name === 'CT') this.tilde = changed;
        else this.delimiter = changed;
        end = cursor + 1;
      }
    }
    const layout = BINARY_DOWNLOADS[`${kind}${name}`];
    const data = layout && this.binaryData(cursor, end, layout);
    if (data !== undefined) {
      // The counted bytes are data whatever they hold (^, ~, line breaks); a huge count takes what the input holds.
      const dataEnd = Math.min(length, data.start + data.count);
      this.offset = dataEnd;
      return {
        kind,
        name,
        params: withoutLineBreaks(text.substring(cursor, data.start)),
        position: start,
        binary: text.substring(data.start, dataEnd),
      };
    }
    this.offset = end;
    return { kind, name, params: withoutLineBreaks(text.substring(cursor, end)), position: start };
  }

  /**
   * Where the data of a binary download begin (just after the delimiter ending the parameters before them) and how
   * many bytes its count declares; undefined when the command is not one: another format, no whole byte count above
   * 0, or a command starting before the parameters end. Only the parameters are scanned, up to `end` (the next prefix).
   */
  private binaryData(cursor: number, end: number, layout: BinaryLayout): { start: number; count: number } | undefined {
    const fields: string[] = [];
    let fieldStart = cursor;
    for (let at = cursor; at < end && fields.length < layout.before; at++) {
      if (this.text.charCodeAt(at) !== this.delimiter) continue;
      fields.push(withoutLineBreaks(this.text.substring(fieldStart, at)).trim());
      fieldStart = at + 1;
    }
    const format = (fields[layout.format] ?? '').toUpperCase();
    const count = fields[layout.count] ?? '';
    if (fields.length < layout.before || !BINARY_FORMATS.has(format) || !/^\d+$/.test(count) || Number(count) === 0)
      return undefined;
    // ZB64 text (":Z64:…") is sent under format B too, its count the decoded size: it reads as any parameter does.
    if (isZb64(this.text.substring(fieldStart, fieldStart + 16).trimStart())) return undefined;
    return { start: fieldStart, count: Number(count) };
  }
}

/** Printers ignore CR and LF inside a command's parameters. */
function withoutLineBreaks(raw: string): string {
  return raw.includes('\n') || raw.includes('\r') ? raw.replace(/[\r\n]/g, '') : raw;
}

/**
 * A command's parameters split at the delimiter, each trimmed of surrounding spaces; left-out parameters are ''.
 * The last one keeps what follows it (a font name, a graphic's data).
 */
export function splitParams(params: string, delimiter: number, limit = Infinity): string[] {
  const out: string[] = [];
  let start = 0;
  for (let index = 0; index < params.length && out.length < limit - 1; index++) {
    if (params.charCodeAt(index) === delimiter) {
      out.push(params.substring(start, index).trim());
      start = index + 1;
    }
  }
  out.push(params.substring(start).trim());
  return out;
}
