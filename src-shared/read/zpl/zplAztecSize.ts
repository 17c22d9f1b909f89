// ^BO's error control and symbol size parameter turned into the bwip-js options that give the symbol a printer draws.
import type { EncoderOptions } from '../../elements/barcode/barcodeEncoding';

/** What ^BO's d asks bwip-js for: the options to try in turn (the first that holds the data is the symbol), and what is approximated. */
export interface AztecSizeOptions {
  candidates: EncoderOptions[];
  approximations: string[];
}

/** The guide's "0 = default error correction level": 23%, ISO/IEC 24778's recommended minimum, as Labelary draws it. */
const DEFAULT_PERCENT = 23;
/** bwip-js takes error correction percentages from 5 to 95 only. */
const BWIP_MIN_PERCENT = 5;
const BWIP_MAX_PERCENT = 95;
/**
 * A compact symbol's mode message counts its data words in 6 bits, so a compact symbol holds at most 64 of them. Only
 * the 4-layer one (76 words) can have more room than that, below 11%: bwip-js does not check, so that size is asked
 * for at 11%, the lowest percentage that leaves it 64 data words (76 - ceil(76 x 11% + 3) = 64).
 */
const COMPACT_4_MIN_PERCENT = 11;

/**
 * d of ^BOo,b,c,d: 0 (default) or 1–99, the minimum error correction percentage: the smallest symbol whose check words
 * are at least that share of its words plus 3 (ISO/IEC 24778's rule, which is bwip-js's `eclevel`), compact sizes
 * (15, 19, 23, 27 modules) before full-range ones (31 and up; full-range 1–3 layers are never smaller than a compact
 * symbol that holds the same data). bwip-js looks at full-range sizes only unless asked for compact ones, which made
 * every small symbol one size (4 modules) larger than the printer's. 101–104 is a compact symbol of that many layers,
 * 201–232 a full-range one, 300 a rune: the size is fixed, so the data may use every word the check words do not
 * need (the lowest percentage bwip-js takes).
 */
export function aztecSizeOptions(size: number): AztecSizeOptions {
  if (size >= 101 && size <= 104) return fixed({ format: 'compact', layers: size - 100 });
  if (size >= 201 && size <= 232) return fixed({ format: 'full', layers: size - 200 });
  if (size === 300) return { candidates: [{ format: 'rune' }], approximations: [] };
  const asked = size >= 1 && size <= 99 ? size : DEFAULT_PERCENT;
  const eclevel = Math.min(BWIP_MAX_PERCENT, Math.max(BWIP_MIN_PERCENT, asked));
  const approximations =
    eclevel === asked ? [] : [`error correction of ${asked}% is drawn at ${eclevel}%, the nearest the encoder takes`];
  const compact: EncoderOptions[] =
    eclevel >= COMPACT_4_MIN_PERCENT
      ? [{ format: 'compact', eclevel }]
      : [1, 2, 3]
          .map((layers): EncoderOptions => ({ format: 'compact', layers, eclevel }))
          .concat({ format: 'compact', layers: 4, eclevel: COMPACT_4_MIN_PERCENT });
  return { candidates: [...compact, { format: 'full', eclevel }], approximations };
}

function fixed(options: EncoderOptions): AztecSizeOptions {
  return { candidates: [{ ...options, eclevel: BWIP_MIN_PERCENT }], approximations: [] };
}
