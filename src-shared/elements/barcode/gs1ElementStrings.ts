// GS1 element strings written as "(01)09521234543213(10)ABC": split into AIs and joined again with FNC1 separators.

export interface Gs1Element {
  ai: string;
  value: string;
}

const ELEMENT = /\((\d{2,4})\)([^()\\]+)/gy;

/**
 * The bracketed form as bwip-js reads it, or undefined when the text is anything else (escaped parentheses included):
 * callers then draw the symbol from the layout's modules instead of asking a printer to re-encode it.
 */
export function parseGs1ElementStrings(text: string): Gs1Element[] | undefined {
  const elements: Gs1Element[] = [];
  ELEMENT.lastIndex = 0;
  let end = 0;
  for (let match = ELEMENT.exec(text); match; match = ELEMENT.exec(text)) {
    elements.push({ ai: match[1] as string, value: match[2] as string });
    end = ELEMENT.lastIndex;
  }
  return elements.length > 0 && end === text.length ? elements : undefined;
}

/**
 * AIs whose first two digits give a predefined length (GS1 General Specifications, "element strings with predefined
 * length"): no FNC1 separator follows them. Every other element string is ended by FNC1 unless it is the last.
 */
const PREDEFINED_LENGTH_PREFIXES = new Set(['00', '01', '02', '03', '04', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '31', '32', '33', '34', '35', '36', '41']);

/** FNC1 first (it marks the symbol as GS1), then the element strings with FNC1 after each one of variable length. */
export function joinWithFnc1(elements: readonly Gs1Element[], fnc1: string): string {
  let out = fnc1;
  elements.forEach((element, index) => {
    out += element.ai + element.value;
    const isLast = index === elements.length - 1;
    if (!isLast && !PREDEFINED_LENGTH_PREFIXES.has(element.ai.slice(0, 2))) out += fnc1;
  });
  return out;
}
