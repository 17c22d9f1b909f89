// What a ^B command asks the printer to draw (symbology, data, module and bar sizes in dots), and its parameters read as ZPL reads them.
import type { EncoderOptions } from '../../elements/barcode/barcodeEncoding';
import type { LaidOutSymbology } from '../../elements/barcode/barcodeSchema';
import type { ZplBarcodeField, ZplDpmm, ZplOrientation } from './zplField';

/** A barcode command translated: what to encode with bwip-js and how big the printer draws it, in dots. */
export interface ZplSymbolPlan {
  symbology: LaidOutSymbology;
  /** The text bwip-js encodes. */
  value: string;
  options?: EncoderOptions;
  /** Options tried in turn when `options` cannot hold the data: the printer picks the smallest size that does (^BO). */
  alternatives?: EncoderOptions[];
  /** QR's error correction level (other symbologies carry theirs in options). */
  errorCorrection?: 'L' | 'M' | 'Q' | 'H';
  orientation: ZplOrientation;
  /** Narrow module width (linear) or module width (2D), whole dots. */
  moduleDots: number;
  /** Wide elements of two-width symbologies (code 39, ITF, codabar), whole dots: the ^BY ratio applied. */
  wideDots?: number;
  /** The ^BY ratio those wide elements come from. */
  ratio?: number;
  /** Bar height (linear) or row height (2D; the module width when absent), dots. */
  heightDots?: number;
  /** Total symbol height in dots, from which the row height follows once the rows are known (^BX without h, ^B7 without h). */
  symbolHeightDots?: number;
  /** Symbols of a fixed printed size (MaxiCode), dots. */
  fixedSize?: { width: number; height: number };
  /** Dots the printer leaves between a ^FO origin and the symbol's top (^BQ). */
  topOffsetDots?: number;
  /** Dots the printer leaves between the symbol's bottom and a ^FT origin (^BQ: its quiet zone). */
  bottomGapDots?: number;
  /** The interpretation line, when the command prints one. */
  line?: { text: string; above: boolean };
  /** Things the printer does that the drawing only approximates, for warnings. */
  approximations: string[];
}

/** A command's parameters, read with ZPL's defaults: an empty or missing parameter takes the default. */
export class ZplParams {
  constructor(
    private readonly field: ZplBarcodeField,
    readonly dpmm: ZplDpmm,
  ) {}

  raw(index: number): string {
    return (this.field.params[index] ?? '').trim();
  }

  orientation(index: number): ZplOrientation {
    const value = this.raw(index).toUpperCase();
    return value === 'N' || value === 'R' || value === 'I' || value === 'B' ? value : this.field.defaultOrientation;
  }

  /** Y or N; anything else keeps the default. */
  flag(index: number, fallback: boolean): boolean {
    const value = this.raw(index).toUpperCase();
    return value === 'Y' ? true : value === 'N' ? false : fallback;
  }

  /** A whole number clamped to [min, max]; the default when missing or not a number. */
  int(index: number, fallback: number, min: number, max: number): number {
    const value = Number.parseInt(this.raw(index), 10);
    return Number.isNaN(value) ? fallback : Math.min(max, Math.max(min, value));
  }

  /** The bar height parameter, or the ^BY height. */
  height(index: number): number {
    return this.int(index, this.field.by.height, 1, 32000);
  }

  /** One uppercase letter from `allowed`, or the default. */
  letter<T extends string>(index: number, allowed: readonly T[], fallback: T): T {
    const value = this.raw(index).toUpperCase();
    return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  }
}

/** Default magnification of ^BQ and ^BO by resolution (ZPL II guide: 1 at 150 dpi, 2 at 200, 3 at 300, 6 at 600). */
export function defaultMagnification(dpmm: ZplDpmm): number {
  return { 6: 1, 8: 2, 12: 3, 24: 6 }[dpmm];
}
