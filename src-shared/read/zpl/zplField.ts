// What the ZPL command reader hands to the field readers (text, graphics, barcodes): a field's origin and how it lands on the label.
import type { ZplOrientation } from '../../elements/text/zplText';
import type { Box, RenderWarning } from '../../layout/laidOutLabel';
import type { PixelBudget } from '../../render/pixelBudget';

export type { ZplOrientation };

/** Printer resolutions in dots per millimetre, as Labelary names them (6dpmm is 152 dpi, 8dpmm 203, 12dpmm 300, 24dpmm 600). */
export const ZPL_DPMM = [6, 8, 12, 24] as const;
export type ZplDpmm = (typeof ZPL_DPMM)[number];

/** Points per dot at a resolution: the laid-out label is in points, ZPL in dots. */
export function pointsPerDot(dpmm: ZplDpmm): number {
  return 72 / (dpmm * 25.4);
}

/** A reader warning: the command and its character offset in the input, so a user can find it. */
export interface ZplWarning extends RenderWarning {
  /** The command as written, e.g. "^XYZ" or "~JR". */
  command: string;
  /** Offset of the command's first character in the input text (0-based). */
  position: number;
}

/** Where a field starts, in dots, with ^LH (label home) and ^LS (shift) already applied. */
export interface ZplFieldOrigin {
  x: number;
  y: number;
  /**
   * ^FO: (x, y) is the top-left corner of the field as printed, whatever its orientation.
   * ^FT: (x, y) is the start of the field's baseline in its own frame (text: the baseline; barcodes: the bottom of the bars).
   */
  kind: 'FO' | 'FT';
  /** The third parameter of ^FO/^FT: 0 left (default), 1 right, 2 auto (by script direction; read as left). */
  justification: 0 | 1 | 2;
}

/** ^BY: the barcode defaults in force when the field is read. */
export interface ZplBarcodeDefaults {
  /** Narrow module width in dots, 1..10 (default 2). */
  moduleWidth: number;
  /** Wide to narrow bar ratio, 2.0..3.0 (default 3.0). */
  ratio: number;
  /** Bar height in dots (default 10). */
  height: number;
}

/** What every field reader needs besides the field itself. */
export interface ZplFieldContext {
  dpmm: ZplDpmm;
  /** Decoded pixels of graphics (and inflated data) are charged here before they are allocated. */
  budget: PixelBudget;
  warn(warning: ZplWarning): void;
}

/**
 * The upright (unrotated) field of `width` x `height` dots turned to `orientation` and placed at `origin`, as a laid-out
 * element's box (in dots, unrotated, centred where the printed field's centre is) and its clockwise rotation about that
 * centre. `anchorFromTop` is, for ^FT, the distance from the top of the upright field to its baseline (the bottom of
 * a barcode's bars: its bar height); ^FO ignores it.
 */
export function placeField(
  origin: ZplFieldOrigin,
  orientation: ZplOrientation,
  width: number,
  height: number,
  anchorFromTop: number,
): { box: Box; rotation: number } {
  const rotation = ROTATION[orientation];
  const radians = (rotation * Math.PI) / 180;
  const cos = Math.round(Math.cos(radians));
  const sin = Math.round(Math.sin(radians));
  let centreX: number;
  let centreY: number;
  if (origin.kind === 'FO') {
    // The printed field's bounding box has its top-left at the origin; upright sides swap at 90 and 270 degrees.
    const [printedWidth, printedHeight] = sin === 0 ? [width, height] : [height, width];
    const rightJustified = origin.justification === 1;
    centreX = (rightJustified ? origin.x - printedWidth : origin.x) + printedWidth / 2;
    centreY = origin.y + printedHeight / 2;
  } else {
    // The anchor, in the upright field relative to its centre, is the left end of the baseline (the right end when
    // right-justified); turned clockwise (y down) it must land on the origin.
    const dx = (origin.justification === 1 ? width : 0) - width / 2;
    const dy = anchorFromTop - height / 2;
    centreX = origin.x - (dx * cos - dy * sin);
    centreY = origin.y - (dx * sin + dy * cos);
  }
  return { box: { x: centreX - width / 2, y: centreY - height / 2, width, height }, rotation };
}

const ROTATION: Record<ZplOrientation, number> = { N: 0, R: 90, I: 180, B: 270 };

/** The right end of a placed field's baseline, in dots: where the next ^FT without coordinates starts. */
export function baselineEnd(box: Box, rotation: number, anchorFromTop: number): { x: number; y: number } {
  const radians = (rotation * Math.PI) / 180;
  const cos = Math.round(Math.cos(radians));
  const sin = Math.round(Math.sin(radians));
  const dx = box.width / 2;
  const dy = anchorFromTop - box.height / 2;
  return { x: box.x + box.width / 2 + dx * cos - dy * sin, y: box.y + box.height / 2 + dx * sin + dy * cos };
}

/** A barcode field as the command reader gathered it when ^FS closed it; the barcode reader lays it out. */
export interface ZplBarcodeField {
  /** Id for the laid-out element(s), unique in the label (e.g. "field-12"). */
  id: string;
  /** The barcode command's name without its prefix: "BC", "B3", "BQ", "BX"… */
  command: string;
  /** Its parameters as written, split at commas (empty strings where left out). */
  params: string[];
  /** The field data after ^FH escapes and the ^CI character set are applied. */
  data: string;
  origin: ZplFieldOrigin;
  /** The orientation in force: the command's own parameter wins over ^FW; the barcode reader resolves it from params. */
  defaultOrientation: ZplOrientation;
  by: ZplBarcodeDefaults;
  /** ^FR: drawn as the inverse of what is beneath. */
  reverse: boolean;
}

/** A 1-bit raster as ZPL graphics hold it: one byte per dot, row-major, 1 = black (printed), 0 = left unprinted. */
export interface MonoBitmap {
  width: number;
  height: number;
  dots: Uint8Array;
}
