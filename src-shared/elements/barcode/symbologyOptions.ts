// What an element asks bwip-js for beyond its value: check digit schemes, the MaxiCode mode, DataBar Expanded segments (as the stacked form).
import { BarcodeDataError } from '../../errors';
import type { EncoderOptions } from './barcodeEncoding';
import { CHECK_DIGIT_SCHEMES, type BarcodeElement, type LaidOutSymbology } from './barcodeSchema';
import { carrierMessageProblem, defaultMaxiCodeMode } from './maxiCodeMessage';

export interface SymbologyEncoding {
  /** The bwip-js encoder: the element's symbology, or the stacked form of DataBar Expanded with segments. */
  symbology: LaidOutSymbology;
  options?: EncoderOptions;
}

/** bwip-js's msi check types for the element's schemes. */
const MSI_CHECK_TYPES = { mod10: 'mod10', mod1010: 'mod1010', mod11: 'mod11', mod1110: 'mod1110' } as const;

function checkDigitScheme(element: BarcodeElement): string | undefined {
  const schemes: readonly string[] | undefined =
    CHECK_DIGIT_SCHEMES[element.symbology as keyof typeof CHECK_DIGIT_SCHEMES];
  return element.checkDigit ?? schemes?.[0];
}

/** Throws BarcodeDataError when a MaxiCode carrier message (modes 2 and 3) has a field the mode cannot hold. */
export function encodingFor(element: BarcodeElement, value: string): SymbologyEncoding {
  const scheme = checkDigitScheme(element);
  switch (element.symbology) {
    case 'msi':
      return {
        symbology: 'msi',
        options:
          scheme === 'none'
            ? {}
            : { includecheck: true, checktype: MSI_CHECK_TYPES[scheme as keyof typeof MSI_CHECK_TYPES] },
      };
    case 'code11':
    case 'rationalizedCodabar':
      return { symbology: element.symbology, options: { includecheck: scheme !== 'none' } };
    case 'maxicode': {
      const mode = element.maxicodeMode ?? defaultMaxiCodeMode(value);
      const problem = mode === 2 || mode === 3 ? carrierMessageProblem(value, mode) : undefined;
      if (problem)
        throw new BarcodeDataError(
          `barcode "${element.id}" (maxicode) cannot encode its value: ${problem.problem}`,
          element.id,
          'maxicode',
          problem.fix,
        );
      return { symbology: 'maxicode', options: { mode } };
    }
    case 'pzn':
      // PZN 8, the German pharmacy number since 2013 (checkDigits turns a 6-digit PZN 7 into it).
      return { symbology: 'pzn', options: { pzn8: true } };
    case 'databarexpanded':
      return element.segments === undefined || element.segments === 22
        ? { symbology: 'databarexpanded' }
        : { symbology: 'databarexpandedstacked', options: { segments: element.segments } };
    default:
      return { symbology: element.symbology };
  }
}
