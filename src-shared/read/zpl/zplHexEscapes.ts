// ^FH: field data with hex escapes (indicator + two hex digits) turned into the bytes they name.

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/** Each `indicator XX` becomes the character with code 0xXX (a byte for ^CI to decode); an indicator without two hex digits stays as written. */
export function applyHexEscapes(data: string, indicator: number): string {
  let at = data.indexOf(String.fromCharCode(indicator));
  if (at < 0) return data;
  let out = '';
  let copied = 0;
  while (at >= 0 && at + 2 < data.length) {
    const high = hexValue(data.charCodeAt(at + 1));
    const low = hexValue(data.charCodeAt(at + 2));
    if (high >= 0 && low >= 0) {
      out += data.substring(copied, at) + String.fromCharCode(high * 16 + low);
      copied = at + 3;
      at = data.indexOf(String.fromCharCode(indicator), copied);
    } else {
      at = data.indexOf(String.fromCharCode(indicator), at + 1);
    }
  }
  return out + data.substring(copied);
}
