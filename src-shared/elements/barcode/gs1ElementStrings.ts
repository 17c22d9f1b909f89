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
const PREDEFINED_LENGTH_PREFIXES = new Set([
  '00',
  '01',
  '02',
  '03',
  '04',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '41',
]);

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

/** Length of the AI by its first two digits (GS1 General Specifications, table of AIs), for AIs without a predefined data length. */
const AI_LENGTHS: Record<string, number> = {
  '10': 2,
  '21': 2,
  '22': 2,
  '23': 3,
  '24': 3,
  '25': 3,
  '30': 2,
  '37': 2,
  '39': 4,
  '40': 3,
  '42': 3,
  '43': 4,
  '70': 4,
  '71': 3,
  '72': 4,
  '80': 4,
  '81': 4,
  '82': 4,
};
for (let prefix = 90; prefix <= 99; prefix++) AI_LENGTHS[String(prefix)] = 2;
/** AI and data length together of the element strings with a predefined length, by their first two digits (see PREDEFINED_LENGTH_PREFIXES). */
const PREDEFINED_LENGTHS: Record<string, { ai: number; total: number }> = {
  '00': { ai: 2, total: 20 },
  '20': { ai: 2, total: 4 },
  '41': { ai: 3, total: 16 },
};
for (const prefix of ['01', '02', '03']) PREDEFINED_LENGTHS[prefix] = { ai: 2, total: 16 };
PREDEFINED_LENGTHS['04'] = { ai: 2, total: 18 };
for (let prefix = 11; prefix <= 19; prefix++) PREDEFINED_LENGTHS[String(prefix)] = { ai: 2, total: 8 };
for (let prefix = 31; prefix <= 36; prefix++) PREDEFINED_LENGTHS[String(prefix)] = { ai: 4, total: 10 };

/**
 * The inverse of joinWithFnc1: element strings as a symbol carries them (the leading FNC1 already taken off), split
 * into AIs; undefined when an AI is unknown or a value is empty.
 */
export function splitAtFnc1(data: string, fnc1: string): Gs1Element[] | undefined {
  const elements: Gs1Element[] = [];
  let at = 0;
  while (at < data.length) {
    if (data.startsWith(fnc1, at)) {
      at += fnc1.length;
      continue;
    }
    const prefix = data.slice(at, at + 2);
    const predefined = PREDEFINED_LENGTHS[prefix];
    const aiLength = predefined?.ai ?? AI_LENGTHS[prefix];
    if (aiLength === undefined) return undefined;
    const separator = data.indexOf(fnc1, at);
    const end = predefined ? at + predefined.total : separator === -1 ? data.length : separator;
    const element = { ai: data.slice(at, at + aiLength), value: data.slice(at + aiLength, end) };
    if (!/^\d+$/.test(element.ai) || element.value === '' || element.value.includes(fnc1) || /[()]/.test(element.value))
      return undefined;
    elements.push(element);
    at = end;
  }
  return elements.length > 0 ? elements : undefined;
}
