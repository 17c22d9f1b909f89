// A barcode's module width ("0.33mm", "3dots"), wide-to-narrow ratio and quiet zones, resolved to whole dots of the target.
import { z } from 'zod';
import { parseLength, POINTS_PER_UNIT, pointsToDots } from '../../units/length';
import type { LaidOutSymbology, Symbology } from './barcodeSchema';

/**
 * Dots are not a length of units/length: their size depends on the printer, so "3dots" stays a count here and only
 * becomes points once the layout knows the target's resolution.
 */
const DOTS_PATTERN = /^\s*(\d+)\s*dots?\s*$/;

/** Past any symbology's X-dimension: "33mm" is a typo for "0.33mm" rather than a barcode anyone scans. */
const MAX_MODULE_MM = 10;
const MAX_MODULE_DOTS = 100;

export type ModuleWidth = { dots: number } | { points: number };

/** Whole dots, or a positive length up to 10 mm; undefined when the text is neither. */
export function parseModuleWidth(text: string): ModuleWidth | undefined {
  const dots = DOTS_PATTERN.exec(text);
  if (dots) {
    const count = Number(dots[1]);
    return count >= 1 && count <= MAX_MODULE_DOTS ? { dots: count } : undefined;
  }
  const length = parseLength(text);
  if (!length) return undefined;
  const points = length.value * POINTS_PER_UNIT[length.unit];
  return points > 0 && points <= MAX_MODULE_MM * POINTS_PER_UNIT.mm ? { points } : undefined;
}

export const moduleWidthSchema = z.string().refine((text) => parseModuleWidth(text) !== undefined, {
  message: `must be whole printer dots ("3dots", 1 to ${MAX_MODULE_DOTS}) or a length over 0 and up to ${MAX_MODULE_MM} mm ("0.33mm")`,
});

/** A length rounds to the nearest whole dot of the target (0.375 mm at 203 dpi is 3 dots), never under one dot. */
export function moduleDotsAt(width: ModuleWidth, dpi: number): number {
  if ('dots' in width) return width.dots;
  return Math.max(1, Math.round(pointsToDots(width.points, dpi)));
}

/** The ratios a printer's ^BY takes: 2.0 to 3.0 in steps of 0.1. */
export const ratioSchema = z
  .number()
  .min(2, { message: 'must be between 2.0 and 3.0' })
  .max(3, { message: 'must be between 2.0 and 3.0' })
  .refine((ratio) => Math.abs(ratio * 10 - Math.round(ratio * 10)) < 1e-9, {
    message: 'must be in steps of 0.1, as printers take it',
  });

/**
 * Symbologies with two bar widths, and the ratio of the element's default: bwip-js's own proportions (code 39 wide
 * elements are 3 modules, ITF's 2), which printers are told in ^BY.
 */
export const DEFAULT_RATIOS: Partial<Record<LaidOutSymbology, number>> = {
  code39: 3,
  interleaved2of5: 2,
  itf14: 2,
  rationalizedCodabar: 3,
  msi: 2,
};

/**
 * Wide elements in whole dots: the ratio times the narrow module, truncated (a printer cannot print part of a dot), and
 * at least one dot wider than a narrow element so the two stay distinct. The layout and the ZPL reader both size them so.
 */
export function wideDots(moduleDots: number, ratio: number): number {
  return Math.max(moduleDots + 1, Math.floor(ratio * moduleDots + 1e-9));
}

/**
 * Light margins the symbology's standard asks for on each side, in (narrow) modules: GS1 for EAN/UPC (EAN-13's left
 * one holds the leading digit) and ITF-14, ISO/IEC 15417, 16388, 16390 and AIM for code 128, 39, ITF and 93, and the
 * 2D standards (QR 4, Data Matrix 1, PDF417 2; Aztec needs none).
 */
export const QUIET_ZONE_MODULES: Record<Symbology, { left: number; right: number }> = {
  ean13: { left: 11, right: 7 },
  ean8: { left: 7, right: 7 },
  upca: { left: 9, right: 9 },
  upce: { left: 9, right: 7 },
  code128: { left: 10, right: 10 },
  'gs1-128': { left: 10, right: 10 },
  code39: { left: 10, right: 10 },
  code93: { left: 10, right: 10 },
  interleaved2of5: { left: 10, right: 10 },
  itf14: { left: 10, right: 10 },
  qrcode: { left: 4, right: 4 },
  datamatrix: { left: 1, right: 1 },
  gs1datamatrix: { left: 1, right: 1 },
  pdf417: { left: 2, right: 2 },
  azteccode: { left: 0, right: 0 },
  // Carriers, GS1 and health care: ISO/IEC 16023 (MaxiCode 1X), 18004 (Micro QR 2X), 24728 (MicroPDF417 1X), AIM
  // (Codabar, MSI, Code 11, Code 32, PZN: 10X as code 39), GS1 (ISBN/ISSN as EAN-13, EAN-14 and SSCC-18 as GS1-128;
  // DataBar needs none), DotCode 3X; postal codes and Pharmacode are specified in millimetres, not modules: none kept.
  maxicode: { left: 1, right: 1 },
  databaromni: { left: 0, right: 0 },
  databarexpanded: { left: 0, right: 0 },
  databarlimited: { left: 0, right: 0 },
  databarstacked: { left: 0, right: 0 },
  rationalizedCodabar: { left: 10, right: 10 },
  onecode: { left: 0, right: 0 },
  postnet: { left: 0, right: 0 },
  planet: { left: 0, right: 0 },
  microqrcode: { left: 2, right: 2 },
  micropdf417: { left: 1, right: 1 },
  hibccode128: { left: 10, right: 10 },
  hibcdatamatrix: { left: 1, right: 1 },
  pharmacode: { left: 0, right: 0 },
  msi: { left: 10, right: 10 },
  code11: { left: 10, right: 10 },
  royalmail: { left: 0, right: 0 },
  auspost: { left: 0, right: 0 },
  kix: { left: 0, right: 0 },
  japanpost: { left: 0, right: 0 },
  isbn: { left: 11, right: 7 },
  issn: { left: 11, right: 7 },
  ean14: { left: 10, right: 10 },
  sscc18: { left: 10, right: 10 },
  gs1qrcode: { left: 4, right: 4 },
  dotcode: { left: 3, right: 3 },
  code32: { left: 10, right: 10 },
  pzn: { left: 10, right: 10 },
  swissqrcode: { left: 4, right: 4 },
};

/** EAN and UPC scanners find the symbol by its quiet zones: there the layout reserves them unless told otherwise. */
const QUIET_ZONE_BY_DEFAULT: ReadonlySet<Symbology> = new Set(['ean13', 'ean8', 'upca', 'upce', 'isbn', 'issn']);

export function quietZoneOn(symbology: Symbology, quietZone: boolean | undefined): boolean {
  return quietZone ?? QUIET_ZONE_BY_DEFAULT.has(symbology);
}
