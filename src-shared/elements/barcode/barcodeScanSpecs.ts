// What scanners need of each symbology: the clear space (quiet zone) around the symbol and the smallest X-dimension read reliably.
import type { LaidOutSymbology } from './barcodeSchema';

/** Quiet zones in modules of the symbol's X-dimension. Linear symbols need them left and right only; 2D ones on all four sides. */
export interface QuietZone {
  left: number;
  right: number;
  /** Above and below the symbol (0 for linear symbols, whose bars end in their own height). */
  vertical: number;
}

const linear = (left: number, right = left): QuietZone => ({ left, right, vertical: 0 });
const all = (modules: number): QuietZone => ({ left: modules, right: modules, vertical: modules });

/**
 * Minimum quiet zones from the symbology standards: Code 128 and GS1-128 10X (ISO/IEC 15417), Code 39 10X (ISO/IEC
 * 16388), Code 93 10X (AIM USS-93), Interleaved 2 of 5 and ITF-14 10X (ISO/IEC 16390, GS1 General Specifications
 * 5.3.2), EAN-13 11X left and 7X right, EAN-8 7X, UPC-A 9X, UPC-E 9X left and 7X right (GS1 General Specifications
 * 5.2.3.4), QR Code 4X (ISO/IEC 18004), Data Matrix 1X (ISO/IEC 16022), PDF417 2X (ISO/IEC 15438). Aztec needs none
 * (ISO/IEC 24778: its finder is in the centre), nor do the symbologies left out here.
 */
const QUIET_ZONES: Partial<Record<LaidOutSymbology, QuietZone>> = {
  code128: linear(10),
  'gs1-128': linear(10),
  code39: linear(10),
  code93: linear(10),
  interleaved2of5: linear(10),
  itf14: linear(10),
  rationalizedCodabar: linear(10),
  ean13: linear(11, 7),
  ean8: linear(7),
  upca: linear(9),
  upce: linear(9, 7),
  qrcode: all(4),
  datamatrix: all(1),
  gs1datamatrix: all(1),
  pdf417: all(2),
  micropdf417: all(1),
  maxicode: all(1),
  microqrcode: all(2),
  hibccode128: linear(10),
  hibcdatamatrix: all(1),
  msi: linear(10),
  code11: linear(10),
  isbn: linear(11, 7),
  issn: linear(11, 7),
  ean14: linear(10),
  sscc18: linear(10),
  gs1qrcode: all(4),
  dotcode: all(3),
  code32: linear(10),
  pzn: linear(10),
  swissqrcode: all(4),
};

const NO_QUIET_ZONE: QuietZone = { left: 0, right: 0, vertical: 0 };

export function quietZoneOf(symbology: LaidOutSymbology): QuietZone {
  return QUIET_ZONES[symbology] ?? NO_QUIET_ZONE;
}

/** 7.5 mil: the narrowest module general-purpose linear scanners resolve, and the AIM/ANSI Code 39 minimum. */
const GENERAL_LINEAR_MM = 0.191;
/** 10 mil: the usual minimum module of handheld 2D imagers at their normal reading distance. */
const GENERAL_MATRIX_MM = 0.254;

/**
 * The smallest X-dimension, in mm, at which a symbol is still specified to scan. GS1 symbols follow the GS1 General
 * Specifications' symbol specification tables: EAN/UPC 0.264 mm (80 % magnification, table 1, retail point of sale),
 * GS1-128 and ITF-14 0.495 mm (tables 5 and 6, logistics labels scanned at a distance), GS1 DataMatrix 0.254 mm (the
 * smallest any of its tables allows, healthcare). Symbologies without a GS1 application take the general minimums above.
 */
const MINIMUM_X_MM: Partial<Record<LaidOutSymbology, number>> = {
  ean13: 0.264,
  ean8: 0.264,
  upca: 0.264,
  upce: 0.264,
  'gs1-128': 0.495,
  itf14: 0.495,
  gs1datamatrix: 0.254,
  code128: GENERAL_LINEAR_MM,
  code39: GENERAL_LINEAR_MM,
  code93: GENERAL_LINEAR_MM,
  interleaved2of5: GENERAL_LINEAR_MM,
  pdf417: GENERAL_LINEAR_MM,
  qrcode: GENERAL_MATRIX_MM,
  datamatrix: GENERAL_MATRIX_MM,
  azteccode: GENERAL_MATRIX_MM,
  isbn: 0.264,
  issn: 0.264,
  ean14: 0.495,
  sscc18: 0.495,
  rationalizedCodabar: GENERAL_LINEAR_MM,
  hibccode128: GENERAL_LINEAR_MM,
  msi: GENERAL_LINEAR_MM,
  code11: GENERAL_LINEAR_MM,
  code32: GENERAL_LINEAR_MM,
  pzn: GENERAL_LINEAR_MM,
  micropdf417: GENERAL_LINEAR_MM,
  microqrcode: GENERAL_MATRIX_MM,
  hibcdatamatrix: GENERAL_MATRIX_MM,
  gs1qrcode: GENERAL_MATRIX_MM,
  swissqrcode: GENERAL_MATRIX_MM,
  dotcode: GENERAL_MATRIX_MM,
};

/** The symbology's minimum X-dimension in mm, or undefined when it has none to check (fixed-size and reader-only symbols). */
export function minimumXDimensionMm(symbology: LaidOutSymbology): number | undefined {
  return MINIMUM_X_MM[symbology];
}
