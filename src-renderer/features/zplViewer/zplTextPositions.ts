// Warning positions (offsets in the UTF-8 bytes the printer receives) as places in the text the page edits (UTF-16 units).

/** UTF-8 bytes of one UTF-16 code point starting at `code`. */
function utf8Length(code: number): number {
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code < 0x10000) return 3;
  return 4;
}

/**
 * The index in `text` of the character whose UTF-8 encoding holds byte `offset`; text.length past the end. ASCII
 * text (most ZPL) maps one to one; ^CI28 labels with accents or CJK shift by the extra bytes before the place.
 */
export function charIndexOfByte(text: string, offset: number): number {
  if (offset <= 0) return 0;
  let bytes = 0;
  let index = 0;
  for (const character of text) {
    const length = utf8Length(character.codePointAt(0) ?? 0);
    if (bytes + length > offset) return index;
    bytes += length;
    index += character.length;
  }
  return text.length;
}

/** The text range a warning points at: its command (as written) from its position, or one character without one. */
export function warningRange(text: string, position: number, command: string): { start: number; end: number } {
  const start = charIndexOfByte(text, position);
  const written = text.slice(start, start + command.length);
  const length = command !== '' && written.toUpperCase() === command.toUpperCase() ? command.length : 1;
  return { start, end: Math.min(text.length, start + length) };
}
