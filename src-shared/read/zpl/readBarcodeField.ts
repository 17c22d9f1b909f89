// Lays out a ZPL barcode field as a printer draws it: whole-dot modules from ^BY or the command, turned and placed by ^FO/^FT.
import {
  encodeBarcode,
  type EncodedBarcode,
  type EncodedLinear,
  type EncodedMatrix,
} from '../../elements/barcode/barcodeEncoding';
import { vectorSymbol } from '../../elements/barcode/layoutBarcode';
import { RenderError } from '../../errors';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { BarcodeSymbol, LaidOutBarcode, LaidOutElement, TextRun } from '../../layout/laidOutLabel';
import { barsOf, postalPath, proportionalDots } from '../../elements/barcode/postalBars';
import { placeField, pointsPerDot, type ZplBarcodeField, type ZplFieldContext, type ZplFieldOrigin } from './zplField';
import { LINEAR_PLANS } from './zplLinearPlans';
import { MATRIX_PLANS } from './zplMatrixPlans';
import { ZplParams, type ZplSymbolPlan } from './zplSymbolPlan';

const PLANS = { ...LINEAR_PLANS, ...MATRIX_PLANS };

/** The barcode commands this module reads, without their "^". */
export const BARCODE_COMMAND_NAMES = Object.keys(PLANS);

/**
 * Interpretation lines are printed in the printer's own font at a size tied to the module width; the bundled sans at
 * nine module widths tall (18 dots at ^BY2, about 6.4 pt at 203 dpi) stands in for it, a module width from the bars.
 */
const LINE_FONT_MODULES = 9;
const LINE_FONT_FAMILY = 'sans';

/** A field in its own upright frame, in dots: the symbol from (0, symbolTop), the line below or above it. */
interface UprightField {
  width: number;
  height: number;
  /** From the top of the field to the bottom of the bars: where ^FT anchors a barcode. */
  anchor: number;
  /** Draws the symbol with the field's top-left at (x, y) points. */
  symbol(x: number, y: number, scale: number): BarcodeSymbol;
  line?: { text: string; top: number; fontDots: number };
}

/** Bar and space widths in whole dots: narrow modules as ^BY says, wide elements of two-width symbologies at the ratio. */
function widthsInDots(encoded: EncodedLinear, plan: ZplSymbolPlan): number[] {
  const { moduleDots, wideDots } = plan;
  // Postal bars keep their physical proportions (a space is 1.3 bars), in whole dots.
  return encoded.widths.map((width) =>
    wideDots !== undefined && width > 1 ? wideDots : proportionalDots(width, moduleDots),
  );
}

function linearField(encoded: EncodedLinear, plan: ZplSymbolPlan, text: string | undefined): UprightField {
  const { bars, width } = barsOf(widthsInDots(encoded, plan));
  const barHeight = plan.heightDots ?? plan.moduleDots;
  const fontDots = LINE_FONT_MODULES * plan.moduleDots;
  // A module's gap between bars and line, as printers leave.
  const lineHeight = text === undefined ? 0 : fontDots + plan.moduleDots;
  const above = plan.line?.above === true;
  const barsTop = above ? lineHeight : 0;
  const spans = encoded.barSpans;
  return {
    width,
    height: barHeight + lineHeight,
    anchor: barsTop + barHeight,
    ...(text === undefined ? {} : { line: { text, top: above ? 0 : barHeight + plan.moduleDots, fontDots } }),
    symbol(x, y, scale) {
      const top = y + barsTop * scale;
      if (!spans) {
        return {
          kind: 'linear',
          bars: bars.map((bar) => ({ x: x + bar.x * scale, width: bar.width * scale })),
          y: top,
          height: barHeight * scale,
          moduleWidth: plan.moduleDots * scale,
          moduleDots: plan.moduleDots,
          dpi: 72 / scale,
          ...(plan.ratio === undefined ? {} : { ratio: plan.ratio }),
          x,
          width: width * scale,
        };
      }
      // Postal codes: bars of their own heights, as rectangles of one path.
      const path = postalPath(bars, spans, x, top, barHeight, scale);
      return { kind: 'vector', x, y: top, width: width * scale, height: barHeight * scale, path };
    },
  };
}

function matrixField(encoded: EncodedMatrix, plan: ZplSymbolPlan, origin: ZplFieldOrigin['kind']): UprightField {
  const fromHeight = (total: number) => Math.max(1, Math.round(total / encoded.rows));
  // Module size 0 (^BX) or no row height (^B7, ^BF): the symbol takes about the ^BY height.
  const rowDots =
    plan.heightDots ??
    (plan.symbolHeightDots !== undefined && (plan.moduleDots === 0 || encoded.moduleAspect !== 1)
      ? fromHeight(plan.symbolHeightDots)
      : Math.max(1, Math.round(plan.moduleDots * encoded.moduleAspect)));
  const moduleDots = plan.moduleDots === 0 ? rowDots : plan.moduleDots;
  const width = encoded.columns * moduleDots;
  const height = encoded.rows * rowDots;
  // A ^FO origin is the field's top, the symbol below it by topOffsetDots; a ^FT origin its bottom, bottomGapDots below
  // the symbol. The field spans both gaps so either anchor lands where the printer puts the symbol.
  const offset = origin === 'FO' ? (plan.topOffsetDots ?? 0) : 0;
  const gap = origin === 'FT' ? (plan.bottomGapDots ?? 0) : 0;
  return {
    width,
    height: height + offset + gap,
    anchor: height + offset + gap,
    symbol(x, y, scale) {
      return {
        kind: 'matrix',
        x,
        y: y + offset * scale,
        columns: encoded.columns,
        rows: encoded.rows,
        moduleWidth: moduleDots * scale,
        moduleHeight: rowDots * scale,
        moduleDots,
        dpi: 72 / scale,
        get cells() {
          return encoded.cells;
        },
      };
    },
  };
}

function uprightField(encoded: EncodedBarcode, plan: ZplSymbolPlan, origin: ZplFieldOrigin['kind']): UprightField {
  if (encoded.kind === 'linear')
    return linearField(encoded, plan, plan.line ? plan.line.text || encoded.text : undefined);
  if (encoded.kind === 'matrix') return matrixField(encoded, plan, origin);
  const size = plan.fixedSize ?? { width: encoded.width, height: encoded.height };
  return {
    ...size,
    anchor: size.height,
    symbol: (x, y, scale) => vectorSymbol(encoded, { x, y, width: size.width * scale, height: size.height * scale }),
  };
}

function lineRun(
  line: NonNullable<UprightField['line']>,
  field: UprightField,
  x: number,
  y: number,
  scale: number,
  fonts: FontRegistry,
  color: string,
): TextRun {
  const { face } = fonts.resolve(LINE_FONT_FAMILY);
  const fontSize = line.fontDots * scale;
  const width = fonts.measure(face.key, line.text, fontSize);
  const ascent = fonts.ascent(face.key, fontSize);
  return {
    fontKey: face.key,
    fontSize,
    color,
    lines: [
      { text: line.text, x: x + (field.width * scale - width) / 2, baseline: y + line.top * scale + ascent, width },
    ],
  };
}

function warn(field: ZplBarcodeField, ctx: ZplFieldContext, code: string, message: string): void {
  // The position is the command's in the input; the caller that read the command knows it (see barcodeCommands).
  ctx.warn({ code, message, elementId: field.id, command: `^${field.command}`, position: 0 });
}

/** The plan's symbol: its options, else the first alternative that holds the data; the last one's error when none does. */
function encodePlan(plan: ZplSymbolPlan, errorCorrection: 'L' | 'M' | 'Q' | 'H', id: string): EncodedBarcode {
  const attempts = [plan.options, ...(plan.alternatives ?? [])];
  for (let index = 0; ; index++) {
    const options = attempts[index];
    try {
      return encodeBarcode(
        { symbology: plan.symbology, value: plan.value, errorCorrection, ...(options ? { options } : {}) },
        id,
      );
    } catch (error) {
      if (!(error instanceof RenderError) || index >= attempts.length - 1) throw error;
    }
  }
}

/**
 * The field as laid-out elements in points (one barcode, with its interpretation line when the command prints one);
 * nothing, with a warning, when the command is unknown or the data cannot be encoded as the command asks.
 */
export function readBarcodeField(
  field: ZplBarcodeField,
  ctx: ZplFieldContext & { fonts: FontRegistry },
): LaidOutElement[] {
  const reader = PLANS[field.command];
  if (!reader) {
    warn(
      field,
      ctx,
      'ZPL_UNKNOWN_BARCODE',
      `^${field.command} is not a barcode command this reader knows: the field is skipped`,
    );
    return [];
  }
  const plan = reader(field, new ZplParams(field, ctx.dpmm));
  for (const approximation of plan.approximations)
    warn(field, ctx, 'ZPL_BARCODE_APPROXIMATED', `^${field.command}: ${approximation}`);
  const errorCorrection = plan.errorCorrection ?? 'M';
  let encoded: EncodedBarcode;
  try {
    encoded = encodePlan(plan, errorCorrection, field.id);
  } catch (error) {
    if (!(error instanceof RenderError)) throw error;
    warn(field, ctx, 'ZPL_BARCODE_DATA', `^${field.command}: ${error.message}; the field is skipped`);
    return [];
  }
  const upright = uprightField(encoded, plan, field.origin.kind);
  const scale = pointsPerDot(ctx.dpmm);
  const { box: dots, rotation } = placeField(
    field.origin,
    plan.orientation,
    upright.width,
    upright.height,
    upright.anchor,
  );
  const box = { x: dots.x * scale, y: dots.y * scale, width: dots.width * scale, height: dots.height * scale };
  // A reversed field is painted white and inverts what is under it, as reversed texts and boxes are (black would not).
  const color = field.reverse ? '#ffffff' : '#000000';
  const element: LaidOutBarcode = {
    ...(field.reverse ? { reverse: true } : {}),
    type: 'barcode',
    id: field.id,
    box,
    rotation,
    symbology: plan.symbology,
    value: plan.value,
    errorCorrection,
    color,
    symbol: upright.symbol(box.x, box.y, scale),
    ...(upright.line ? { humanReadable: lineRun(upright.line, upright, box.x, box.y, scale, ctx.fonts, color) } : {}),
  };
  return [element];
}
