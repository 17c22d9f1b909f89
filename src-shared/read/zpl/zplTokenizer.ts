// Splits ZPL text into commands (prefix, name, raw parameters, position), honouring ^CC/^CT/^CD changes of the special characters.

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
    const raw = text.substring(cursor, end);
    this.offset = end;
    return { kind, name, params: raw.includes('\n') || raw.includes('\r') ? raw.replace(/[\r\n]/g, '') : raw, position: start };
  }
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
