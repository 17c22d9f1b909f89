// Field data that can never start a printer command: ^FH hex escapes for the command prefixes and the escape itself.

/** The ^FH escape character; written explicitly so a changed printer default cannot reinterpret the data. */
export const FIELD_HEX_INDICATOR = '_';

/**
 * `^` and `~` start commands anywhere in a ZPL stream (`~` even inside a field), the indicator would start an escape,
 * and control characters (line breaks included) have printer-dependent effects: each becomes `_XX`. Everything
 * else passes through unchanged, UTF-8 under ^CI28.
 */
const NEEDS_HEX_ESCAPE = /[\^~_\u0000-\u001f\u007f]/g;

export function escapeFieldData(text: string): string {
  return text.replace(
    NEEDS_HEX_ESCAPE,
    (char) => `${FIELD_HEX_INDICATOR}${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** `^FH_^FD…^FS`: a complete, escaped field data block to follow a field's origin and font or symbol commands. */
export function fieldData(text: string): string {
  return `^FH${FIELD_HEX_INDICATOR}^FD${escapeFieldData(text)}^FS`;
}
