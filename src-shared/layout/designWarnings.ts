// The design check: what in a laid-out label will print badly or scan badly on its target (off the label, in the printer's margin, overlaps, thin bars).
import { minimumXDimensionMm, quietZoneOf } from '../elements/barcode/barcodeScanSpecs';
import type { FontRegistry } from '../fonts/fontRegistry';
import { POINTS_PER_UNIT, pointsTo, type LengthUnit } from '../units/length';
import { overlap, unionBox } from './boxBounds';
import { inkBoxes, symbolBounds, textInk, turnedWith, type TextInkOf } from './inkBoxes';
import type { Box, LaidOutElement, LaidOutLabel, LaidOutOf, RenderWarning, TextRun } from './laidOutLabel';

/** The warning codes of this check, each about the design (the same for every label of a batch that draws it so). */
export const DESIGN_WARNING_CODES = [
  'ELEMENT_OUTSIDE_LABEL',
  'ELEMENT_IN_UNPRINTABLE_MARGIN',
  'BARCODE_QUIET_ZONE_OVERLAP',
  'TEXT_OVERLAP',
  'BARCODE_MODULE_TOO_NARROW',
  'BARCODE_X_DIMENSION_TOO_SMALL',
] as const;

const DESIGN_CODES: ReadonlySet<string> = new Set(DESIGN_WARNING_CODES);

export interface DesignTarget {
  /** The resolution the label was laid out for (LayoutOptions.targetDpi): module widths are judged in its dots. */
  targetDpi: number;
  /** The printer's unprintable margin at every edge, in points; absent or 0 when no printer is involved. */
  unprintableMargin?: number;
  /** The unit the messages give lengths in: the template's (mm when absent). */
  unit?: LengthUnit;
}

/** Below two dots a module's width is all rounding: one dot more or less is a third of it (Zebra's and GS1's guidance). */
const MIN_MODULE_DOTS = 2;

/** Decimals a message gives a length in each unit: about a hundredth of a millimetre. */
const DECIMALS: Record<LengthUnit, number> = { mm: 2, cm: 3, in: 3, pt: 1, px: 1 };

/** A length in the template's unit for a message ("1.00 mm", "0.039 in"); `finer` more decimals for small lengths. */
function lengthText(points: number, unit: LengthUnit, finer = 0): string {
  return `${pointsTo(points, unit).toFixed(DECIMALS[unit] + finer)} ${unit}`;
}

/** Boxes that share more than `tolerance` each way: touching edges, or a part of a dot, is not an overlap. */
function overlapsBeyond(a: Box, b: Box, tolerance: number): boolean {
  const shared = overlap(a, b);
  return shared !== undefined && shared.width > tolerance && shared.height > tolerance;
}

function anyOverlap(as: readonly Box[], bs: readonly Box[], tolerance: number): boolean {
  return as.some((a) => bs.some((b) => overlapsBeyond(a, b, tolerance)));
}

/** How far `area` reaches past each edge of `frame` (positive: past it). */
function pastEdges(area: Box, frame: Box): { side: string; by: number }[] {
  return [
    { side: 'left', by: frame.x - area.x },
    { side: 'top', by: frame.y - area.y },
    { side: 'right', by: area.x + area.width - (frame.x + frame.width) },
    { side: 'bottom', by: area.y + area.height - (frame.y + frame.height) },
  ];
}

function placementWarning(
  element: LaidOutElement,
  area: Box,
  label: Box,
  margin: number,
  tolerance: number,
  unit: LengthUnit,
): RenderWarning | undefined {
  const outside = pastEdges(area, label).filter((edge) => edge.by > tolerance);
  if (outside.length > 0) {
    const where = overlapsBeyond(area, label, tolerance)
      ? `reaches past the label's ${outside.map((edge) => `${edge.side} edge by ${lengthText(edge.by, unit)}`).join(' and ')}`
      : 'is entirely outside the label';
    return {
      code: 'ELEMENT_OUTSIDE_LABEL',
      elementId: element.id,
      message: `${element.type} "${element.id}" ${where}: that part does not print`,
    };
  }
  if (margin <= 0) return undefined;
  const printable = { x: margin, y: margin, width: label.width - 2 * margin, height: label.height - 2 * margin };
  const inMargin = pastEdges(area, printable).filter((edge) => edge.by > tolerance);
  if (inMargin.length === 0) return undefined;
  return {
    code: 'ELEMENT_IN_UNPRINTABLE_MARGIN',
    elementId: element.id,
    message: `${element.type} "${element.id}" is within the printer's unprintable margin of ${lengthText(margin, unit)} at the ${inMargin.map((edge) => edge.side).join(' and ')} edge: that part may not print`,
  };
}

function moduleWarnings(barcode: LaidOutOf<'barcode'>, targetDpi: number, unit: LengthUnit): RenderWarning[] {
  const { symbol } = barcode;
  if (symbol.kind === 'vector') return [];
  const module = symbol.kind === 'matrix' ? Math.min(symbol.moduleWidth, symbol.moduleHeight) : symbol.moduleWidth;
  const warnings: RenderWarning[] = [];
  const dots = (module * targetDpi) / 72;
  if (dots < MIN_MODULE_DOTS - 1e-6) {
    warnings.push({
      code: 'BARCODE_MODULE_TOO_NARROW',
      elementId: barcode.id,
      message: `barcode "${barcode.id}" has modules of ${dots.toFixed(2)} dots at ${targetDpi} dpi (under ${MIN_MODULE_DOTS}): bars print unevenly; make the box wider or the data shorter`,
    });
  }
  const minimum = minimumXDimensionMm(barcode.symbology);
  const xMm = pointsTo(module, 'mm');
  if (minimum !== undefined && xMm < minimum - 1e-9) {
    warnings.push({
      code: 'BARCODE_X_DIMENSION_TOO_SMALL',
      elementId: barcode.id,
      message: `barcode "${barcode.id}" has an X-dimension of ${lengthText(module, unit, 1)}, under the ${lengthText(minimum * POINTS_PER_UNIT.mm, unit, 1)} ${barcode.symbology} needs to scan reliably: make the box wider or the data shorter`,
    });
  }
  return warnings;
}

interface BarcodeZone {
  barcode: LaidOutOf<'barcode'>;
  /** The symbol and its quiet zones, on the label (rotation applied). */
  zones: Box[];
  /** The required clear space each side, for the message. */
  clear: number;
}

/** Where nothing else may be drawn for the symbol to scan: its modules and the quiet zone its symbology asks for. */
function barcodeZone(barcode: LaidOutOf<'barcode'>): BarcodeZone {
  const { symbol } = barcode;
  const bounds = symbolBounds(symbol);
  const zone = quietZoneOf(barcode.symbology);
  const module = symbol.kind === 'vector' ? 0 : symbol.moduleWidth;
  const [left, right, vertical] = [
    zone.left * module,
    zone.right * module,
    zone.vertical * (symbol.kind === 'matrix' ? symbol.moduleHeight : 0),
  ];
  const zoneBox = {
    x: bounds.x - left,
    y: bounds.y - vertical,
    width: bounds.width + left + right,
    height: bounds.height + 2 * vertical,
  };
  return { barcode, zones: turnedWith(barcode, [zoneBox]), clear: Math.max(left, right, vertical) };
}

function quietZoneWarning(other: LaidOutElement, zone: BarcodeZone, unit: LengthUnit): RenderWarning {
  const { barcode } = zone;
  const clearance =
    zone.clear > 0 ? `: ${barcode.symbology} needs ${lengthText(zone.clear, unit)} of clear space around its bars` : '';
  return {
    code: 'BARCODE_QUIET_ZONE_OVERLAP',
    elementId: other.id,
    elementIds: [other.id, barcode.id],
    message: `${other.type} "${other.id}" is drawn over barcode "${barcode.id}" or its quiet zone${clearance}; scanners may not read it`,
  };
}

/** The text ink of each element that has some: text elements and the human-readable lines of barcodes. */
function textInkOf(element: LaidOutElement, fonts: FontRegistry, inkOf: TextInkOf): Box[] {
  const run = element.type === 'text' ? element : element.type === 'barcode' ? element.humanReadable : undefined;
  if (run === undefined) return [];
  return turnedWith(element, inkOf(run, fonts));
}

/**
 * The design warnings of a laid-out label on a target: pure, and in element order. A frame (rect, ellipse) around or
 * under text is deliberate and never warned about; its outline in a barcode's quiet zone is.
 */
export function designWarnings(label: LaidOutLabel, fonts: FontRegistry, target: DesignTarget): RenderWarning[] {
  // Half a printer dot: what is closer than that to an edge prints the same.
  const tolerance = 36 / target.targetDpi;
  const labelBox = { x: 0, y: 0, width: label.width, height: label.height };
  const margin = target.unprintableMargin ?? 0;
  const unit = target.unit ?? 'mm';
  const warnings: RenderWarning[] = [];
  // A text's ink is its strokes, its area and what other texts may overlap: measured once (its glyph bounds), not three times.
  const inks = new Map<TextRun, Box[]>();
  const inkOf: TextInkOf = (run) => {
    let ink = inks.get(run);
    if (ink === undefined) inks.set(run, (ink = textInk(run, fonts)));
    return ink;
  };
  const strokes = new Map(label.elements.map((element) => [element, inkBoxes(element, fonts, 'strokes', inkOf)]));
  for (const element of label.elements) {
    const area = unionBox(inkBoxes(element, fonts, 'area', inkOf));
    const placed = area && placementWarning(element, area, labelBox, margin, tolerance, unit);
    if (placed) warnings.push(placed);
    if (element.type === 'barcode') warnings.push(...moduleWarnings(element, target.targetDpi, unit));
  }
  // Pairs already warned about as quiet-zone overlaps are not warned about again as overlapping text.
  const warnedPairs = new Set<string>();
  // The two ids in sort order (as Array.prototype.sort compares strings) without an array: made for every pair of texts.
  const pairKey = (a: string, b: string): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  const zones = label.elements.flatMap((element) => (element.type === 'barcode' ? [barcodeZone(element)] : []));
  for (const zone of zones) {
    for (const other of label.elements) {
      if (other === zone.barcode || !anyOverlap(strokes.get(other) ?? [], zone.zones, tolerance)) continue;
      warnings.push(quietZoneWarning(other, zone, unit));
      warnedPairs.add(pairKey(other.id, zone.barcode.id));
    }
  }
  const texts = label.elements
    .map((element) => ({ element, ink: textInkOf(element, fonts, inkOf) }))
    .filter((text) => text.ink.length > 0);
  texts.forEach((below, index) => {
    for (const above of texts.slice(index + 1)) {
      if (warnedPairs.has(pairKey(below.element.id, above.element.id)) || !anyOverlap(below.ink, above.ink, tolerance))
        continue;
      warnings.push({
        code: 'TEXT_OVERLAP',
        elementId: above.element.id,
        elementIds: [below.element.id, above.element.id],
        message: `the text of "${above.element.id}" is drawn over the text of "${below.element.id}": move one or make it shorter`,
      });
    }
  });
  return warnings;
}

function warningKey(warning: RenderWarning): string {
  return [warning.code, ...(warning.elementIds ?? [warning.elementId ?? ''])].join('\u0000');
}

/**
 * A batch's warnings with each design warning once per element (the first label's, which names the first record that
 * shows it): the design is the same on every label. Other warnings (a record's text that does not fit) stay per label.
 */
export function uniqueDesignWarnings<W extends RenderWarning>(warnings: readonly W[]): W[] {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    if (!DESIGN_CODES.has(warning.code)) return true;
    const key = warningKey(warning);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
