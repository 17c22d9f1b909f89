// Cuts ZPL arriving on a printer's port into whole formats (^XA…^XZ) and the host queries (~HS, ~HI) a printer answers at once.
import { commandLabel, ZplTokenizer } from './zplTokenizer';

/** The queries a virtual printer answers itself; a printer acts on them wherever they stand, inside a format too. */
export const HOST_QUERIES = ['~HS', '~HI'] as const;
export type HostQuery = (typeof HOST_QUERIES)[number];

export type ZplStreamPiece =
  /** A whole format with whatever stood before it since the previous one (downloads such as ~DG, line breaks). */
  { kind: 'format'; text: string } | { kind: 'query'; command: HostQuery };

export interface ZplStreamSplit {
  /** In the order they arrived. */
  pieces: ZplStreamPiece[];
  /** What is left for more bytes to complete: an open format, or text still waiting for its format. Queries removed. */
  rest: string;
}

const isHostQuery = (label: string): label is HostQuery => (HOST_QUERIES as readonly string[]).includes(label);

/**
 * Splits `text` (one character a byte) with the reader's tokenizer, so a binary ^GF or ~DY whose data hold "^XZ" is
 * not cut there, and a second ^XA inside an open format continues it, as a printer reads both. Called again with
 * `rest` plus the next bytes: each call starts with the default prefixes, as a refused ^CC never reaches a printer.
 */
export function splitZplStream(text: string): ZplStreamSplit {
  const tokenizer = new ZplTokenizer(text);
  const pieces: ZplStreamPiece[] = [];
  /** Parts of the text since the last cut, queries left out. */
  let kept: string[] = [];
  let from = 0;
  let inFormat = false;
  for (let command = tokenizer.next(); command !== undefined; command = tokenizer.next()) {
    const label = commandLabel(command);
    if (isHostQuery(label)) {
      kept.push(text.slice(from, command.position));
      from = tokenizer.position;
      pieces.push({ kind: 'query', command: label });
    } else if (label === '^XA') {
      inFormat = true;
    } else if (label === '^XZ' && inFormat) {
      // What follows ^XZ (a line break) goes with the next format: it may not have arrived whole yet.
      const end = command.position + 3;
      kept.push(text.slice(from, end));
      pieces.push({ kind: 'format', text: kept.join('') });
      kept = [];
      from = end;
      inFormat = false;
    }
  }
  kept.push(text.slice(from));
  return { pieces, rest: kept.join('') };
}
