// The linear barcode commands (^BC ^B3 ^BE ^B8 ^B9 ^BU ^B2 ^BA ^BK ^BZ ^BR) translated into what bwip-js encodes and the sizes a printer uses.
import type { EncoderOptions } from '../../elements/barcode/barcodeEncoding';
import { compressUpcA } from '../../elements/barcode/upcE';
import { gs1CheckDigit } from '../../elements/barcode/checkDigits';
import { DATABAR_HEIGHT_MODULES, STACKED_DATABAR } from '../../elements/barcode/dataBar';
import { code128Automatic, code128Gs1, code128ModeN, code128UccCase } from './zplCode128';
import type { ZplBarcodeField } from './zplField';
import { wideDots } from '../../elements/barcode/barcodeModule';
import type { ZplParams, ZplSymbolPlan } from './zplSymbolPlan';

type PlanReader = (field: ZplBarcodeField, p: ZplParams) => ZplSymbolPlan;

/** The interpretation line when the command's "print interpretation line" parameter (and "above") ask for it. */
function interpretation(
  p: ZplParams,
  printIndex: number,
  aboveIndex: number,
  fallback: boolean,
): { above: boolean } | undefined {
  return p.flag(printIndex, fallback) ? { above: p.flag(aboveIndex, false) } : undefined;
}

/** Digits only, cut or padded with leading zeros to `length`: EAN/UPC commands take a fixed count and compute the check digit. */
function fixedDigits(data: string, length: number): string {
  return data.replace(/\D/g, '').slice(0, length).padStart(length, '0');
}

/** ^BCo,h,f,g,e,m: code 128 in the printer's modes (see zplCode128). */
const code128: PlanReader = (field, p) => {
  const mode = p.letter(5, ['N', 'U', 'A', 'D'], 'N');
  const encoding =
    mode === 'U'
      ? code128UccCase(field.data)
      : mode === 'D'
        ? code128Gs1(field.data)
        : mode === 'A'
          ? code128Automatic(field.data)
          : code128ModeN(field.data);
  const approximations =
    encoding.skipped > 0
      ? [
          `${encoding.skipped} character(s) of the data are not in the code set in use and were skipped, as a printer skips them`,
        ]
      : [];
  const line = interpretation(p, 2, 3, true);
  return {
    symbology: encoding.symbology,
    value: encoding.value,
    ...(encoding.options ? { options: encoding.options } : {}),
    orientation: p.orientation(0),
    moduleDots: field.by.moduleWidth,
    heightDots: p.height(1),
    ...(line ? { line: { text: encoding.text, above: line.above } } : {}),
    approximations,
  };
};

/** Symbologies whose interpretation line is bwip-js's own text (check digits, stars and guards as printers show them). */
function simpleLinear(
  field: ZplBarcodeField,
  p: ZplParams,
  plan: Pick<ZplSymbolPlan, 'symbology' | 'value'> & {
    options?: EncoderOptions;
    heightIndex: number;
    printIndex: number;
    twoWidths?: boolean;
  },
): ZplSymbolPlan {
  const line = interpretation(p, plan.printIndex, plan.printIndex + 1, true);
  const moduleDots = field.by.moduleWidth;
  return {
    symbology: plan.symbology,
    value: plan.value,
    ...(plan.options ? { options: plan.options } : {}),
    orientation: p.orientation(0),
    moduleDots,
    ...(plan.twoWidths ? { wideDots: wideDots(moduleDots, field.by.ratio), ratio: field.by.ratio } : {}),
    heightDots: p.height(plan.heightIndex),
    // The text is bwip-js's, filled in once encoded (an empty text here means "use the encoder's").
    ...(line ? { line: { text: '', above: line.above } } : {}),
    approximations: [],
  };
}

/** ^B9: the ten digits of the UPC-A form, which the printer zero-suppresses (number system 0). */
const upcE: PlanReader = (field, p) => {
  const digits = fixedDigits(field.data, 10);
  const compressed = compressUpcA(digits);
  if (compressed === undefined) {
    // The printer cannot suppress zeros here either; drawn as the UPC-A it stands for rather than not at all.
    const plan = simpleLinear(field, p, { symbology: 'upca', value: `0${digits}`, heightIndex: 1, printIndex: 2 });
    return { ...plan, approximations: [`${digits} has no UPC-E form: drawn as UPC-A`] };
  }
  return simpleLinear(field, p, { symbology: 'upce', value: `0${compressed}`, heightIndex: 1, printIndex: 2 });
};

/** ^BZ types: 0 POSTNET, 1 PLANET, 2 USPS 4-state (4CB) and 3 Intelligent Mail, which bwip-js draws as onecode. */
const POSTAL_TYPES = ['postnet', 'planet', 'onecode', 'onecode'] as const;

const postal: PlanReader = (field, p) => {
  const symbology = POSTAL_TYPES[p.int(4, 0, 0, 3)] ?? 'postnet';
  const plan = simpleLinear(field, p, {
    symbology,
    value: field.data.replace(/\D/g, ''),
    heightIndex: 1,
    printIndex: 2,
  });
  // ^BZ prints its line only when asked (default N), unlike the others.
  const line = interpretation(p, 2, 3, false);
  return { ...plan, ...(line ? { line: { text: field.data, above: line.above } } : { line: undefined }) };
};

/**
 * ^BRo,t,m,s,h,w: GS1 DataBar. Types 1–5 take the GTIN's 13 digits (the check digit is computed), 6 GS1 element
 * strings; 7–12 are EAN/UPC and GS1-128 with a composite component, drawn without the component.
 */
const DATABAR_TYPES = {
  1: 'databaromni',
  2: 'databartruncated',
  3: 'databarstacked',
  4: 'databarstackedomni',
  5: 'databarlimited',
  6: 'databarexpanded',
  7: 'upca',
  8: 'upce',
  9: 'ean13',
  10: 'ean8',
  11: 'gs1-128',
  12: 'gs1-128',
} as const;

/** ^BR's default magnification by resolution (ZPL II guide: 6 at 24 dpmm, 3 at 12, 2 below). */
const DATABAR_MAGNIFICATION = { 6: 2, 8: 2, 12: 3, 24: 6 } as const;

/** Digits of the EAN/UPC types' linear component, before the check digit. */
const COMPOSITE_LINEAR_DIGITS: Partial<Record<number, number>> = { 7: 11, 8: 7, 9: 12, 10: 7 };

const dataBar: PlanReader = (field, p) => {
  const type = p.int(1, 1, 1, 12) as keyof typeof DATABAR_TYPES;
  const moduleDots = p.int(2, DATABAR_MAGNIFICATION[p.dpmm], 1, 10);
  const segments = p.int(5, 22, 2, 22);
  const [linear, composite] = field.data.split('|');
  const approximations = composite === undefined ? [] : ['the composite (2D) component is not drawn'];
  let symbology: ZplSymbolPlan['symbology'] = DATABAR_TYPES[type];
  let value = linear ?? '';
  const options: Record<string, number> = {};
  if (type <= 5) {
    const gtin = fixedDigits(value, 13);
    value = `(01)${gtin}${gs1CheckDigit(gtin)}`;
  } else if (type === 6 && segments < 22) {
    symbology = 'databarexpandedstacked';
    options.segments = segments;
  } else if (COMPOSITE_LINEAR_DIGITS[type] !== undefined) {
    value = fixedDigits(value, COMPOSITE_LINEAR_DIGITS[type]);
    // UPC-E in ^BR is number system 0.
    if (type === 8) value = `0${value.slice(1)}`;
  }
  // Stacked forms are encoded with one grid row a module tall (separators 1, rows 5 and 7 or 33/34): h does not apply.
  const modules = STACKED_DATABAR.has(symbology) ? 1 : DATABAR_HEIGHT_MODULES[symbology];
  return {
    symbology,
    value,
    ...(Object.keys(options).length > 0 ? { options } : {}),
    orientation: p.orientation(0),
    moduleDots,
    heightDots: modules === undefined ? p.int(4, 25, 1, 32000) : modules * moduleDots,
    approximations,
  };
};

export const LINEAR_PLANS: Record<string, PlanReader> = {
  BC: code128,
  B3: (field, p) =>
    simpleLinear(field, p, {
      symbology: 'code39',
      value: field.data,
      options: { includecheck: p.flag(1, false) },
      heightIndex: 2,
      printIndex: 3,
      twoWidths: true,
    }),
  BE: (field, p) =>
    simpleLinear(field, p, { symbology: 'ean13', value: fixedDigits(field.data, 12), heightIndex: 1, printIndex: 2 }),
  B8: (field, p) =>
    simpleLinear(field, p, { symbology: 'ean8', value: fixedDigits(field.data, 7), heightIndex: 1, printIndex: 2 }),
  BU: (field, p) =>
    simpleLinear(field, p, { symbology: 'upca', value: fixedDigits(field.data, 11), heightIndex: 1, printIndex: 2 }),
  B9: upcE,
  BA: (field, p) => simpleLinear(field, p, { symbology: 'code93', value: field.data, heightIndex: 1, printIndex: 2 }),
  B2: (field, p) =>
    simpleLinear(field, p, {
      symbology: 'interleaved2of5',
      value: field.data.replace(/\D/g, ''),
      options: { includecheck: p.flag(4, false) },
      heightIndex: 1,
      printIndex: 2,
      twoWidths: true,
    }),
  // ^BKo,e,h,f,g,k,l: the start and stop characters (A–D) frame the data; e (check digit) is fixed at N.
  BK: (field, p) =>
    simpleLinear(field, p, {
      symbology: 'rationalizedCodabar',
      value: `${p.letter(5, ['A', 'B', 'C', 'D'], 'A')}${field.data}${p.letter(6, ['A', 'B', 'C', 'D'], 'A')}`,
      heightIndex: 2,
      printIndex: 3,
      twoWidths: true,
    }),
  BZ: postal,
  BR: dataBar,
};
