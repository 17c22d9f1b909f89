// Field bytes to text under a ^CI character set: the ASCII national variants (0–13, Code Page 850 above 127), Windows-1252 (27), UTF-8 (28), UTF-16 (29, 30).

/** Code Page 850, bytes 0x80–0xFF: what ^CI 0–13 print above ASCII. */
const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

/**
 * The national replacements of ^CI 1–12 (ISO 646 variants, which Zebra's tables follow), at the positions
 * # $ @ [ \ ] ^ ` { | } ~ ; a space keeps the ASCII character. USA 2 and "miscellaneous" read as plain ASCII.
 */
const NATIONAL_POSITIONS = '#$@[\\]^`{|}~';
const NATIONAL_VARIANTS: Record<number, string> = {
  2: '£           ', // U.K.
  3: '£ ¾ĳ½|  ¨ƒ¼´', // Holland
  4: '   ÆØÅ  æøå ', // Denmark/Norway
  5: ' ¤ÉÄÖÅÜéäöåü', // Sweden/Finland
  6: '  §ÄÖÜ  äöüß', // Germany
  7: '£ à°ç§  éùè¨', // France 1
  8: '£ à°ç§  éùè¨', // France 2
  9: '£ §°çé ùàòèì', // Italy
  10: '£ §¡Ñ¿  °ñç ', // Spain
  12: '    ¥       ', // Japan
};

/** Windows-1252 bytes 0x80–0x9F (the rest is Latin-1); undefined bytes decode to U+FFFD. Written out because Node's TextDecoder reads the label as Latin-1. */
const WINDOWS_1252_C1 = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';

export const CHARSET_WINDOWS_1252 = 27;
export const CHARSET_UTF8 = 28;
const CHARSET_UTF16_BE = 29;
const CHARSET_UTF16_LE = 30;

/** True for the ^CI values the reader knows; others are read as ^CI 0 with a warning. */
export function isKnownCharset(charset: number): boolean {
  return (charset >= 0 && charset <= 13) || (charset >= CHARSET_WINDOWS_1252 && charset <= CHARSET_UTF16_LE);
}

export interface DecodedField {
  text: string;
  /** Bytes that are not valid in the character set were replaced by U+FFFD. */
  invalid: boolean;
}

function singleByte(bytes: Uint8Array, charset: number): string {
  const variant = NATIONAL_VARIANTS[charset];
  let text = '';
  for (const byte of bytes) {
    if (byte >= 0x80) {
      text += CP850_HIGH[byte - 0x80];
      continue;
    }
    const char = String.fromCharCode(byte);
    const at = variant === undefined ? -1 : NATIONAL_POSITIONS.indexOf(char);
    const national = at >= 0 ? variant![at]! : ' ';
    text += national === ' ' ? char : national;
  }
  return text;
}

function windows1252(bytes: Uint8Array): DecodedField {
  let text = '';
  let invalid = false;
  for (const byte of bytes) {
    const char = byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_C1[byte - 0x80]! : String.fromCharCode(byte);
    invalid ||= char === '\uFFFD';
    text += char;
  }
  return { text, invalid };
}

const DECODERS = new Map<number, { fatal: TextDecoder; lenient: TextDecoder }>();

function decoder(charset: number): { fatal: TextDecoder; lenient: TextDecoder } {
  let found = DECODERS.get(charset);
  if (found === undefined) {
    const label = charset === CHARSET_UTF16_BE ? 'utf-16be' : charset === CHARSET_UTF16_LE ? 'utf-16le' : 'utf-8';
    found = {
      fatal: new TextDecoder(label, { fatal: true, ignoreBOM: true }),
      lenient: new TextDecoder(label, { ignoreBOM: true }),
    };
    DECODERS.set(charset, found);
  }
  return found;
}

function decodeBytes(bytes: Uint8Array, charset: number): DecodedField {
  if (charset < CHARSET_WINDOWS_1252) return { text: singleByte(bytes, charset), invalid: false };
  if (charset === CHARSET_WINDOWS_1252) return windows1252(bytes);
  const { fatal, lenient } = decoder(charset);
  try {
    return { text: fatal.decode(bytes), invalid: false };
  } catch {
    return { text: lenient.decode(bytes), invalid: true };
  }
}

/**
 * Field data (one character per byte, as the printer receives it) decoded under `charset`. Characters above U+00FF
 * cannot be bytes: they are text a caller already decoded, and pass through unchanged between the decoded runs.
 */
export function decodeField(data: string, charset: number): DecodedField {
  let plainAscii = true;
  for (let index = 0; index < data.length; index++) {
    const code = data.charCodeAt(index);
    if (code >= 0x80 || (charset > 1 && charset <= 12 && NATIONAL_POSITIONS.includes(data[index]!))) {
      plainAscii = false;
      break;
    }
  }
  // The common case (ASCII under any ASCII-compatible set) allocates nothing.
  if (plainAscii && charset !== CHARSET_UTF16_BE && charset !== CHARSET_UTF16_LE) return { text: data, invalid: false };
  let text = '';
  let invalid = false;
  let runStart = 0;
  const flush = (end: number) => {
    if (end <= runStart) return;
    const bytes = new Uint8Array(end - runStart);
    for (let index = runStart; index < end; index++) bytes[index - runStart] = data.charCodeAt(index);
    const decoded = decodeBytes(bytes, charset);
    text += decoded.text;
    invalid ||= decoded.invalid;
  };
  for (let index = 0; index < data.length; index++) {
    if (data.charCodeAt(index) > 0xff) {
      flush(index);
      text += data[index];
      runStart = index + 1;
    }
  }
  flush(data.length);
  return { text, invalid };
}

/** The ZPL of a byte array as readZpl takes it: one character per byte (no decoding: ^CI decides per field). */
export function zplTextFromBytes(bytes: Uint8Array): string {
  let text = '';
  // apply takes the typed array as it is, where a spread walks its iterator (8x slower on a 4.5 KB carrier label);
  // chunks stay well under the engines' argument limits. No TextDecoder: its 'latin1' is windows-1252.
  const CHUNK = 0x2000;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    text += String.fromCharCode.apply(null, bytes.subarray(start, start + CHUNK) as unknown as number[]);
  }
  return text;
}
