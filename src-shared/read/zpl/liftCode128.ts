// The data a Code 128 symbol read from ZPL carries, from the codewords (or escaped text) the reader gave bwip-js: what a template encodes.
import { splitAtFnc1 } from '../../elements/barcode/gs1ElementStrings';

/** Stands for FNC1 while decoding: a private-use character no field data holds. */
const FNC1 = '\uE000';
const START = { 103: 'A', 104: 'B', 105: 'C' } as const;
type Subset = 'A' | 'B' | 'C';

/** Raw codewords "^104^033…" (mode N) as text with FNC1 marked; undefined for what a template cannot say (FNC2–4). */
function decodeCodewords(codewords: number[]): string | undefined {
  let subset: Subset | undefined = START[codewords[0] as keyof typeof START];
  if (subset === undefined) return undefined;
  let text = '';
  let shifted = false;
  for (const codeword of codewords.slice(1)) {
    if (codeword === 102) {
      text += FNC1;
      continue;
    }
    if (subset === 'C') {
      if (codeword < 100) text += String(codeword).padStart(2, '0');
      else if (codeword === 100 || codeword === 101) subset = codeword === 100 ? 'B' : 'A';
      else return undefined;
      continue;
    }
    const readIn: 'A' | 'B' = shifted ? (subset === 'A' ? 'B' : 'A') : subset;
    shifted = false;
    if (codeword < 96) text += String.fromCharCode(readIn === 'A' && codeword >= 64 ? codeword - 64 : codeword + 32);
    else if (codeword === 98) shifted = true;
    else if (codeword === 99) subset = 'C';
    else if (codeword === 100 && subset === 'A') subset = 'B';
    else if (codeword === 101 && subset === 'B') subset = 'A';
    // FNC2, FNC3 and FNC4 (extended characters) have no template equivalent.
    else return undefined;
  }
  return text;
}

/** The reader's bwip-js value: raw codewords, or text in bwip-js's parse mode ("^094" a caret, "^FNC1"). */
function decodeValue(value: string): string | undefined {
  if (/^(\^\d{3})+$/.test(value)) return decodeCodewords(value.slice(1).split('^').map(Number));
  return value.replaceAll('^FNC1', FNC1).replaceAll('^094', '^');
}

/**
 * The template symbology and value of a Code 128 barcode the reader laid out: plain data stays code128; FNC1 first
 * makes it GS1-128, written as "(AI)value…". Undefined when the symbol says something a template cannot.
 */
export function liftCode128(value: string): { symbology: 'code128' | 'gs1-128'; value: string } | undefined {
  const text = decodeValue(value);
  if (text === undefined || text === '') return undefined;
  if (!text.includes(FNC1)) return { symbology: 'code128', value: text };
  if (!text.startsWith(FNC1)) return undefined;
  const elements = splitAtFnc1(text.slice(FNC1.length), FNC1);
  return (
    elements && { symbology: 'gs1-128', value: elements.map((element) => `(${element.ai})${element.value}`).join('') }
  );
}
