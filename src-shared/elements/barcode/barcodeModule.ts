// A barcode's module width ("0.33mm", "3dots"), wide-to-narrow ratio and quiet zones (on, off, "5mm", "10modules"), resolved to whole dots of the target.
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

/**
 * A whole count the pattern reads ("3dots", "10modules") from `min` to `max`, else a length whose points `fits` takes;
 * undefined when the text is neither.
 */
function countOrLength(
  text: string,
  pattern: RegExp,
  [min, max]: [number, number],
  fits: (points: number) => boolean,
): { count: number } | { points: number } | undefined {
  const counted = pattern.exec(text);
  if (counted) {
    const count = Number(counted[1]);
    return count >= min && count <= max ? { count } : undefined;
  }
  const length = parseLength(text);
  if (!length) return undefined;
  const points = length.value * POINTS_PER_UNIT[length.unit];
  return fits(points) ? { points } : undefined;
}

/** Whole dots, or a positive length up to 10 mm; undefined when the text is neither. */
export function parseModuleWidth(text: string): ModuleWidth | undefined {
  const width = countOrLength(
    text,
    DOTS_PATTERN,
    [1, MAX_MODULE_DOTS],
    (points) => points > 0 && points <= MAX_MODULE_MM * POINTS_PER_UNIT.mm,
  );
  return width && 'count' in width ? { dots: width.count } : width;
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

const MODULES_PATTERN = /^\s*(\d+)\s*modules?\s*$/;
/** Past these a quiet zone is a typo ("50mm" for "5mm"), not clear space anyone asks for. */
const MAX_QUIET_MODULES = 100;
const MAX_QUIET_MM = 100;

/** A quiet zone asked as a width on each side: a length (whole dots of the target once laid out) or whole modules. */
export type QuietZoneWidth = { points: number } | { modules: number };

/** "5mm", "0.2in" (0 to 100 mm) or "10modules" (0 to 100); undefined when the text is neither. */
export function parseQuietZoneWidth(text: string): QuietZoneWidth | undefined {
  const width = countOrLength(
    text,
    MODULES_PATTERN,
    [0, MAX_QUIET_MODULES],
    (points) => points >= 0 && points <= MAX_QUIET_MM * POINTS_PER_UNIT.mm,
  );
  return width && 'count' in width ? { modules: width.count } : width;
}

/** On (the symbology's standard zones), off, or a width kept clear on each side (every side of a 2D code). */
export const quietZoneSchema = z.union(
  [
    z.boolean(),
    z.string().refine((text) => parseQuietZoneWidth(text) !== undefined, {
      message: `must be a length from 0 to ${MAX_QUIET_MM} mm ("5mm") or whole modules from 0 to ${MAX_QUIET_MODULES} ("10modules")`,
    }),
  ],
  { error: 'must be true, false, a length ("5mm") or whole modules ("10modules")' },
);

export type QuietZoneSetting = z.infer<typeof quietZoneSchema>;

/** Whether the layout keeps a quiet zone: a width always does (even one of 0), true does, unset does for EAN/UPC. */
export function quietZoneOn(symbology: Symbology, quietZone: QuietZoneSetting | undefined): boolean {
  return typeof quietZone === 'string' || (quietZone ?? QUIET_ZONE_BY_DEFAULT.has(symbology));
}

/** Dots kept clear on each side for a module of `moduleDots` (left and right; 2D codes use `left` all round). */
export type QuietZoneDots = (moduleDots: number) => { left: number; right: number };

/**
 * The quiet zone in whole dots of the target: the symbology's modules when on, the modules asked, or a length rounded
 * to the nearest dot (as a module width is), the same whatever module the layout then takes.
 */
export function quietZoneDots(
  symbology: Symbology,
  quietZone: QuietZoneSetting | undefined,
  dpi: number,
): QuietZoneDots {
  if (!quietZoneOn(symbology, quietZone)) return () => ({ left: 0, right: 0 });
  const width = typeof quietZone === 'string' ? parseQuietZoneWidth(quietZone) : undefined;
  if (width && 'points' in width) {
    const dots = Math.round(pointsToDots(width.points, dpi));
    return () => ({ left: dots, right: dots });
  }
  const modules = width ? { left: width.modules, right: width.modules } : QUIET_ZONE_MODULES[symbology];
  return (moduleDots) => ({ left: modules.left * moduleDots, right: modules.right * moduleDots });
}
