// ^BC field data as a printer reads it: invocation codes (">5", ">8"…) and subsets in mode N, FNC1 in the other modes.
import type { EncoderOptions } from '../../elements/barcode/barcodeEncoding';
import type { LaidOutSymbology } from '../../elements/barcode/barcodeSchema';
import { gs1CheckDigit } from '../../elements/barcode/checkDigits';

/** What bwip-js must encode, and the interpretation line a printer prints under it. */
export interface Code128Encoding {
  symbology: LaidOutSymbology;
  value: string;
  options?: EncoderOptions;
  text: string;
  /** Characters the printer would skip, for a warning. */
  skipped: number;
}

/** Invocation codes: the character after '>' and the code 128 codeword it stands for (ZPL II guide, "Code 128 Invocation Characters"). */
const INVOCATIONS: Record<string, number> = {
  '<': 62,
  '0': 30,
  '=': 94,
  '1': 95,
  '2': 96,
  '3': 97,
  '4': 98,
  '5': 99,
  '6': 100,
  '7': 101,
  '8': 102,
  '9': 103,
  ':': 104,
  ';': 105,
};

const FNC1 = 102;
const SHIFT = 98;
const START = { A: 103, B: 104, C: 105 } as const;
type Subset = keyof typeof START;

/** The codeword of a character in subset A or B, or undefined when the subset has no such character. */
function charCodeword(char: string, subset: 'A' | 'B'): number | undefined {
  const code = char.charCodeAt(0);
  if (subset === 'A') return code < 32 ? code + 64 : code < 96 ? code - 32 : undefined;
  return code >= 32 && code < 128 ? code - 32 : undefined;
}

/** What a codeword read as a printable character of subset A or B shows in the interpretation line. */
function codewordChar(codeword: number, subset: 'A' | 'B'): string {
  if (subset === 'A' && codeword >= 64) return '';
  return codeword < 96 ? String.fromCharCode(codeword + 32) : '';
}

/** The subset a codeword switches to from `subset`: CODE A/B/C (in A and B, 100 or 101 is FNC4 instead of a switch). */
function switchedSubset(codeword: number, subset: Subset): Subset {
  if (codeword === 99) return 'C';
  if (codeword === 100 && subset !== 'B') return 'B';
  if (codeword === 101 && subset !== 'A') return 'A';
  return subset;
}

/**
 * Mode N: the data spells the codewords. No start code means subset B; in subset C digits go in pairs, a pair with a
 * non-digit second character is dropped and a non-digit first character is skipped, as the ZPL II guide describes.
 * The codewords go to bwip-js raw, which adds the check character and stop pattern.
 */
export function code128ModeN(data: string): Code128Encoding {
  const codewords: number[] = [];
  let text = '';
  let skipped = 0;
  let subset: Subset = 'B';
  let shifted = false;
  let index = 0;
  const startCode = /^>([9:;])/.exec(data);
  if (startCode) {
    subset = startCode[1] === '9' ? 'A' : startCode[1] === ':' ? 'B' : 'C';
    index = 2;
  }
  codewords.push(START[subset]);
  while (index < data.length) {
    const char = data.charAt(index);
    if (char === '>' && index + 1 < data.length) {
      const codeword = INVOCATIONS[data.charAt(index + 1)];
      index += 2;
      if (codeword === undefined || codeword >= START.A) {
        skipped += 2;
        continue;
      }
      codewords.push(codeword);
      if (subset !== 'C' && codeword < 96) text += codewordChar(codeword, subset);
      if (codeword === SHIFT) shifted = subset !== 'C';
      else subset = switchedSubset(codeword, subset);
      continue;
    }
    if (subset === 'C') {
      const pair = data.slice(index, index + 2);
      // A digit left unpaired before an invocation code is dropped alone; a pair whose second character is not a digit, whole.
      index += /^\d[^>]/.test(pair) ? 2 : 1;
      if (/^\d\d$/.test(pair)) {
        codewords.push(Number(pair));
        text += pair;
      } else skipped += 1;
      continue;
    }
    const readIn: 'A' | 'B' = shifted ? (subset === 'A' ? 'B' : 'A') : subset;
    shifted = false;
    if (readIn === 'A') {
      // Subset A is written as digit pairs giving code values (the guide's "Code 128 Subsets A and C" table), as in C.
      const pair = data.slice(index, index + 2);
      index += /^\d[^>]/.test(pair) ? 2 : 1;
      if (/^\d\d$/.test(pair) && Number(pair) < 96) {
        codewords.push(Number(pair));
        text += codewordChar(Number(pair), 'A');
      } else skipped += 1;
      continue;
    }
    const codeword = charCodeword(char, readIn);
    index += 1;
    if (codeword === undefined) {
      skipped += 1;
      continue;
    }
    codewords.push(codeword);
    text += codewordChar(codeword, readIn);
  }
  const value = codewords.map((codeword) => `^${String(codeword).padStart(3, '0')}`).join('');
  return { symbology: 'code128', value, options: { raw: true }, text, skipped };
}

/** bwip-js's parse mode reads "^NNN" as a character code: a caret of the data itself must be written so too. */
function escapeCarets(text: string): string {
  return text.replace(/\^/g, '^094');
}

/**
 * Mode A (automatic): the printer picks the subsets, as bwip-js does. ">8" is still FNC1; every other invocation code
 * (">;", ">9", ">5"…) is data, its two characters encoded as they are, as Labelary, zebrash and labelize read it.
 */
export function code128Automatic(data: string): Code128Encoding {
  let value = '';
  let text = '';
  for (let index = 0; index < data.length; index++) {
    if (data.charAt(index) === '>' && INVOCATIONS[data.charAt(index + 1)] === FNC1) {
      value += '^FNC1';
      index++;
      continue;
    }
    const char = data.charAt(index);
    value += escapeCarets(char);
    text += char;
  }
  return { symbology: 'code128', value, options: { parse: true, parsefnc: true }, text, skipped: 0 };
}

/** Mode U (UCC case mode): 19 digits (cut or padded with zeros on the right), a mod 10 check digit, all after FNC1. */
export function code128UccCase(data: string): Code128Encoding {
  const digits = data.replace(/\D/g, '').slice(0, 19).padEnd(19, '0');
  const full = digits + gs1CheckDigit(digits);
  return {
    symbology: 'gs1-128',
    value: `(${full.slice(0, 2)})${full.slice(2)}`,
    text: `(${full.slice(0, 2)}) ${full.slice(2)}`,
    skipped: data.length - data.replace(/\D/g, '').length,
  };
}

/**
 * Mode D (UCC/EAN): GS1 element strings. Written with parentheses they go to bwip-js's gs1-128, which checks the AIs;
 * without, the data follows FNC1 as it is, with ">8" as FNC1 separators.
 */
export function code128Gs1(data: string): Code128Encoding {
  if (data.startsWith('(')) return { symbology: 'gs1-128', value: data, text: data, skipped: 0 };
  const automatic = code128Automatic(data.replace(/^(>8)?/, '>8'));
  return automatic;
}
