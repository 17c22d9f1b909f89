// Lays out a barcode element: the symbol encoded by bwip-js in whole dots of the target's resolution inside its box, with an optional human-readable line.
import type { ElementLayout, LayoutContext } from '../../layout/layoutContext';
import type { Box, LaidOutOf, LinearSymbol, MatrixSymbol, TextRun, VectorSymbol } from '../../layout/laidOutLabel';
import { toPoints } from '../../units/length';
import { RenderError } from '../../errors';
import { BARCODE_DEFAULTS, POSTAL_SYMBOLOGIES, type BarcodeElement } from './barcodeSchema';
import { DEFAULT_RATIOS, moduleDotsAt, parseModuleWidth, quietZoneDots, quietZoneOn, wideDots } from './barcodeModule';
import {
  checkedValue,
  encodeBarcode,
  type EncodedLinear,
  type EncodedMatrix,
  type EncodedVector,
} from './barcodeEncoding';
import { DATABAR_HEIGHT_MODULES } from './dataBar';
import { MAXICODE_INCHES } from './maxiCodeMessage';
import { barsOf, postalPath, proportionalDots } from './postalBars';
import { encodingFor } from './symbologyOptions';

/**
 * The target's dot grid. Symbols start on a whole dot and every module is whole dots, so the PNG at the target's dpi,
 * the PDF rasterised at it and the printer's ZPL (^FO, ^BY) draw the same bar edges. Box edges are rounded to the
 * nearest dot; the symbol is centred in the box on the grid, or starts at its left (top) edge when it is larger.
 */
class DotGrid {
  readonly dot: number;

  constructor(readonly dpi: number) {
    this.dot = 72 / dpi;
  }

  /** Points to the nearest whole dot. */
  round(points: number): number {
    return Math.round(points / this.dot);
  }

  /** The box's span on one axis, in whole dots. */
  span(start: number, length: number): { start: number; room: number } {
    const first = this.round(start);
    return { start: first, room: this.round(start + length) - first };
  }

  /**
   * Where `size` dots start in a span: centred (the odd dot left over goes after), or, when they do not fit, from the
   * span's start on past its end, as a printer's field runs on from its ^FO.
   */
  place(span: { start: number; room: number }, size: number): number {
    return size > span.room ? span.start : span.start + Math.floor((span.room - size) / 2);
  }

  points(dots: number): number {
    return dots * this.dot;
  }
}

/** A module width asked for (resolved for the target), or undefined: the largest that fits the box. */
function askedModuleDots(element: BarcodeElement, dpi: number): number | undefined {
  const asked = element.moduleWidth === undefined ? undefined : parseModuleWidth(element.moduleWidth);
  return asked === undefined ? undefined : moduleDotsAt(asked, dpi);
}

/**
 * The largest module (at least 1 dot) whose size still fits, found from an estimate. `size` grows with the module, not
 * always in proportion (wide bars are truncated to whole dots), hence the steps both ways.
 */
function largestFitting(estimate: number, fits: (moduleDots: number) => boolean): number {
  let moduleDots = Math.max(1, Math.floor(estimate));
  while (moduleDots > 1 && !fits(moduleDots)) moduleDots--;
  while (fits(moduleDots + 1)) moduleDots++;
  return moduleDots;
}

function tooLarge(
  ctx: LayoutContext,
  element: BarcodeElement,
  code: 'BARCODE_TOO_WIDE' | 'BARCODE_TOO_TALL',
  what: string,
): void {
  ctx.warn({ code, elementId: element.id, message: `barcode "${element.id}" ${what} at ${ctx.targetDpi} dpi` });
}

/**
 * A bar height in dots, or (DataBar, whose bars are a fixed number of modules tall) one that follows from the module,
 * with the height it may take: the module chosen to fit the box fits it both ways.
 */
type BarHeightDots = number | { modules: number; roomDots: number };

/**
 * Bars in whole dots: the narrow module as asked (or the largest that fits the box with its quiet zones), wide
 * elements of code 39 and ITF at the ratio, the symbol placed across the box (DotGrid.place) and its bars from `top`
 * down `heightDots`.
 */
function linearSymbol(
  element: BarcodeElement,
  encoded: EncodedLinear,
  box: Box,
  top: number,
  heightDots: BarHeightDots,
  ctx: LayoutContext,
): LinearSymbol {
  const grid = new DotGrid(ctx.targetDpi);
  const defaultRatio = DEFAULT_RATIOS[element.symbology];
  const ratio = defaultRatio === undefined ? undefined : (element.ratio ?? defaultRatio);
  const quiet = quietZoneDots(element.symbology, element.quietZone, grid.dpi);
  const quietSum = (moduleDots: number) => quiet(moduleDots).left + quiet(moduleDots).right;
  // bwip-js's wide elements are its own multiples of the narrow one (3 in code 39, 2 in ITF); any width over 1 is wide.
  const dotWidths = (moduleDots: number) =>
    encoded.widths.map((width) =>
      ratio !== undefined && width > 1 ? wideDots(moduleDots, ratio) : width * moduleDots,
    );
  const total = (moduleDots: number) =>
    dotWidths(moduleDots).reduce((sum, dots) => sum + dots, 0) + quietSum(moduleDots);
  const across = grid.span(box.x, box.width);
  // A zone in modules grows with the module, one of a fixed width does not: the estimate counts each as it grows.
  const modules = encoded.widths.reduce((sum, width) => sum + width, 0) + quietSum(1) - quietSum(0);
  const fitsDown = (dots: number) => typeof heightDots === 'number' || heightDots.modules * dots <= heightDots.roomDots;
  const moduleDots =
    askedModuleDots(element, grid.dpi) ??
    largestFitting((across.room - quietSum(0)) / modules, (dots) => total(dots) <= across.room && fitsDown(dots));
  const totalDots = total(moduleDots);
  const zone = quiet(moduleDots);
  if (totalDots > across.room) {
    tooLarge(
      ctx,
      element,
      'BARCODE_TOO_WIDE',
      `is ${totalDots} dots wide (module ${moduleDots} dots), wider than its box (${across.room} dots)`,
    );
  }
  const first = grid.place(across, totalDots) + zone.left;
  const bars: LinearSymbol['bars'] = [];
  let offset = 0;
  dotWidths(moduleDots).forEach((dots, index) => {
    // Even entries are bars, odd ones spaces; DataBar's first bar is 0 wide and not drawn.
    if (index % 2 === 0 && dots > 0) bars.push({ x: grid.points(first + offset), width: grid.points(dots) });
    offset += dots;
  });
  return {
    kind: 'linear',
    bars,
    y: grid.points(top),
    height: grid.points(typeof heightDots === 'number' ? heightDots : heightDots.modules * moduleDots),
    moduleWidth: grid.points(moduleDots),
    moduleDots,
    dpi: grid.dpi,
    ...(ratio === undefined ? {} : { ratio }),
    x: grid.points(first),
    width: grid.points(offset),
    ...(quietZoneOn(element.symbology, element.quietZone)
      ? { quietZone: { left: grid.points(zone.left), right: grid.points(zone.right) } }
      : {}),
  };
}

/**
 * Whole-dot square modules (PDF417: rows its aspect tall, rounded to whole dots), as asked or the largest that fit
 * the box with the quiet zone on every side, the grid placed in the box as DotGrid.place does.
 */
function matrixSymbol(element: BarcodeElement, encoded: EncodedMatrix, box: Box, ctx: LayoutContext): MatrixSymbol {
  const grid = new DotGrid(ctx.targetDpi);
  // 2D standards ask the same zone all round: the left one stands for every side.
  const zoneDots = quietZoneDots(element.symbology, element.quietZone, grid.dpi);
  const quiet = (moduleDots: number) => zoneDots(moduleDots).left;
  const rowDots = (moduleDots: number) => Math.max(1, Math.round(moduleDots * encoded.moduleAspect));
  const width = (moduleDots: number) => encoded.columns * moduleDots + 2 * quiet(moduleDots);
  const height = (moduleDots: number) => encoded.rows * rowDots(moduleDots) + 2 * quiet(moduleDots);
  const across = grid.span(box.x, box.width);
  const down = grid.span(box.y, box.height);
  const [fixed, perModule] = [quiet(0), quiet(1) - quiet(0)];
  const estimate = Math.min(
    (across.room - 2 * fixed) / (encoded.columns + 2 * perModule),
    (down.room - 2 * fixed) / (encoded.rows * encoded.moduleAspect + 2 * perModule),
  );
  const moduleDots =
    askedModuleDots(element, grid.dpi) ??
    largestFitting(estimate, (dots) => width(dots) <= across.room && height(dots) <= down.room);
  if (width(moduleDots) > across.room) {
    tooLarge(
      ctx,
      element,
      'BARCODE_TOO_WIDE',
      `is ${width(moduleDots)} dots wide (module ${moduleDots} dots), wider than its box (${across.room} dots)`,
    );
  }
  if (height(moduleDots) > down.room) {
    tooLarge(
      ctx,
      element,
      'BARCODE_TOO_TALL',
      `is ${height(moduleDots)} dots tall (module ${moduleDots} dots), taller than its box (${down.room} dots)`,
    );
  }
  const zone = grid.points(quiet(moduleDots));
  return {
    kind: 'matrix',
    x: grid.points(grid.place(across, width(moduleDots)) + quiet(moduleDots)),
    y: grid.points(grid.place(down, height(moduleDots)) + quiet(moduleDots)),
    columns: encoded.columns,
    rows: encoded.rows,
    moduleWidth: grid.points(moduleDots),
    moduleHeight: grid.points(rowDots(moduleDots)),
    moduleDots,
    dpi: grid.dpi,
    ...(quietZoneOn(element.symbology, element.quietZone) ? { quietZone: { left: zone, right: zone } } : {}),
    // Read through, not copied: a QR code's modules are computed when a writer first draws them (see encodeQrCode).
    get cells() {
      return encoded.cells;
    },
  };
}

/**
 * The symbol scaled (keeping its proportions) to the largest size that fits the box, centred. Its path holds only
 * absolute M/L/C/Z commands, whose numbers all come in x,y pairs: every second number is a y.
 */
export function vectorSymbol(encoded: EncodedVector, box: Box): VectorSymbol {
  const scale = Math.min(box.width / encoded.width, box.height / encoded.height);
  const width = encoded.width * scale;
  const height = encoded.height * scale;
  const x = box.x + (box.width - width) / 2;
  const y = box.y + (box.height - height) / 2;
  let index = 0;
  const path = encoded.path.replace(/-?\d+(?:\.\d+)?/g, (number) => {
    const isY = index++ % 2 === 1;
    return String((isY ? y : x) + Number(number) * scale);
  });
  return { kind: 'vector', x, y, width, height, path };
}

/**
 * Postal bars in whole dots: the bar width as asked (or the largest whose bars and spaces fit the box), spaces their
 * proportion of it (postalBars), each bar's top and bottom on whole dots of the full height; drawn as one path.
 */
function postalSymbol(
  element: BarcodeElement,
  encoded: EncodedLinear,
  box: Box,
  top: number,
  heightDots: number,
  ctx: LayoutContext,
): VectorSymbol {
  const grid = new DotGrid(ctx.targetDpi);
  const dotWidths = (moduleDots: number) => encoded.widths.map((width) => proportionalDots(width, moduleDots));
  const total = (moduleDots: number) => dotWidths(moduleDots).reduce((sum, dots) => sum + dots, 0);
  const across = grid.span(box.x, box.width);
  const modules = encoded.widths.reduce((sum, width) => sum + width, 0);
  const moduleDots =
    askedModuleDots(element, grid.dpi) ?? largestFitting(across.room / modules, (dots) => total(dots) <= across.room);
  const { bars, width } = barsOf(dotWidths(moduleDots));
  if (width > across.room)
    tooLarge(
      ctx,
      element,
      'BARCODE_TOO_WIDE',
      `is ${width} dots wide (bars ${moduleDots} dots), wider than its box (${across.room} dots)`,
    );
  const first = grid.place(across, width);
  const [x, y] = [grid.points(first), grid.points(top)];
  const path = postalPath(bars, encoded.barSpans ?? [], x, y, heightDots, grid.dot);
  return {
    kind: 'vector',
    x,
    y,
    width: grid.points(width),
    height: grid.points(heightDots),
    path,
    dots: { x: first, y: top, module: moduleDots, height: heightDots, dpi: grid.dpi },
  };
}

/** MaxiCode at its fixed size (MAXICODE_INCHES) in whole dots, centred in the box as DotGrid.place does: printers draw it so. */
function maxiCodeSymbol(element: BarcodeElement, encoded: EncodedVector, box: Box, ctx: LayoutContext): VectorSymbol {
  const grid = new DotGrid(ctx.targetDpi);
  const [width, height] = [Math.round(MAXICODE_INCHES.width * grid.dpi), Math.round(MAXICODE_INCHES.height * grid.dpi)];
  const across = grid.span(box.x, box.width);
  const down = grid.span(box.y, box.height);
  if (width > across.room)
    tooLarge(
      ctx,
      element,
      'BARCODE_TOO_WIDE',
      `is ${width} dots wide (MaxiCode's fixed 1.11 in), wider than its box (${across.room} dots)`,
    );
  if (height > down.room)
    tooLarge(
      ctx,
      element,
      'BARCODE_TOO_TALL',
      `is ${height} dots tall (MaxiCode's fixed 1.054 in), taller than its box (${down.room} dots)`,
    );
  const [x, y] = [grid.place(across, width), grid.place(down, height)];
  const frame = { x: grid.points(x), y: grid.points(y), width: grid.points(width), height: grid.points(height) };
  return { ...vectorSymbol(encoded, frame), dots: { x, y, module: 1, height, dpi: grid.dpi } };
}

/** The line keeps the bars at least this share of the box height; below it the bars would be too short to scan. */
const MIN_BAR_SHARE = 0.5;

interface HumanReadable {
  fontKey: TextRun['fontKey'];
  fontSize: number;
  width: number;
  ascent: number;
  /** From the top of the font's ascent to the bottom of its descent: what the line takes from the box height. */
  height: number;
}

/** The line bwip-js would print, in the style's font; a line wider than the box is drawn smaller so it stays inside. */
function humanReadable(element: BarcodeElement, text: string, box: Box, ctx: LayoutContext): HumanReadable | undefined {
  if (text === '') return undefined;
  const { face, fellBack } = ctx.fonts.resolve(
    element.style?.fontFamily ?? BARCODE_DEFAULTS.fontFamily,
    'normal',
    'normal',
  );
  if (fellBack) {
    ctx.warn({
      code: 'FONT_FALLBACK',
      elementId: element.id,
      message: `font family "${element.style?.fontFamily}" is not bundled; used the sans`,
    });
  }
  const requestedSize = toPoints(element.style?.fontSize ?? BARCODE_DEFAULTS.fontSize);
  const requestedWidth = ctx.fonts.measure(face.key, text, requestedSize);
  // Text width is proportional to the size, so one division finds the size that fits.
  const fontSize = requestedWidth > box.width ? (requestedSize * box.width) / requestedWidth : requestedSize;
  const ascent = ctx.fonts.ascent(face.key, fontSize);
  return {
    fontKey: face.key,
    fontSize,
    width: ctx.fonts.measure(face.key, text, fontSize),
    ascent,
    height: ascent + ctx.fonts.descent(face.key, fontSize),
  };
}

/** The line centred under the box, its top at `top`. */
function lineRun(line: HumanReadable, text: string, box: Box, top: number, color: string): TextRun {
  return {
    fontKey: line.fontKey,
    fontSize: line.fontSize,
    color,
    lines: [{ text, x: box.x + (box.width - line.width) / 2, baseline: top + line.ascent, width: line.width }],
  };
}

/**
 * A linear code's bars and line. Without barHeight the bars fill the box down to the line, whose descenders end on the
 * box's bottom edge; a box too short for both drops the line, with a warning. With barHeight the bars are that tall
 * (whole dots) and the line follows right below them, the box only their limit.
 */
function linearBarcode(
  element: BarcodeElement,
  encoded: EncodedLinear,
  box: Box,
  color: string,
  ctx: LayoutContext,
  fixedModules?: number,
): Pick<LaidOutOf<'barcode'>, 'symbol' | 'humanReadable'> {
  const grid = new DotGrid(ctx.targetDpi);
  let line =
    (element.showText ?? BARCODE_DEFAULTS.showText) ? humanReadable(element, encoded.text, box, ctx) : undefined;
  const top = grid.round(box.y);
  const bottom = box.y + box.height;
  let heightDots: number;
  if (fixedModules !== undefined) {
    // DataBar: the bars' height is the standard's, in modules, as a printer's ^BR draws it; the line follows below.
    const roomDots = grid.round(bottom - (line?.height ?? 0)) - top;
    const symbol = linearSymbol(element, encoded, box, top, { modules: fixedModules, roomDots }, ctx);
    const needed = symbol.y + symbol.height + (line?.height ?? 0);
    if (needed > bottom + grid.dot / 2)
      tooLarge(
        ctx,
        element,
        'BARCODE_TOO_TALL',
        `needs ${grid.round(needed - box.y)} dots of height, more than its box (${grid.round(box.height)} dots)`,
      );
    return line
      ? { symbol, humanReadable: lineRun(line, encoded.text, box, symbol.y + symbol.height, color) }
      : { symbol };
  }
  if (element.barHeight === undefined) {
    if (line && box.height - line.height < box.height * MIN_BAR_SHARE) {
      ctx.warn({
        code: 'TEXT_TRUNCATED',
        elementId: element.id,
        message: 'the barcode box is too short for bars and the human-readable line; the line is not drawn',
      });
      line = undefined;
    }
    heightDots = Math.max(1, grid.round(bottom - (line?.height ?? 0)) - top);
  } else {
    heightDots = Math.max(1, grid.round(toPoints(element.barHeight)));
    const needed = grid.points(top + heightDots) + (line?.height ?? 0);
    // Half a dot of slack: the box's edge itself is rounded to the nearest dot.
    if (needed > bottom + grid.dot / 2) {
      tooLarge(
        ctx,
        element,
        'BARCODE_TOO_TALL',
        `needs ${grid.round(needed - box.y)} dots of height for bars${line ? ' and line' : ''}, more than its box (${grid.round(box.height)} dots)`,
      );
    }
  }
  // EAN/UPC guard bars have spans too (they reach below the others in bwip-js's drawing); only postal bars are drawn by theirs.
  const symbol = POSTAL_SYMBOLOGIES.has(element.symbology)
    ? postalSymbol(element, encoded, box, top, heightDots, ctx)
    : linearSymbol(element, encoded, box, top, heightDots, ctx);
  if (!line) return { symbol };
  const lineTop = element.barHeight === undefined ? bottom - line.height : symbol.y + symbol.height;
  return { symbol, humanReadable: lineRun(line, encoded.text, box, lineTop, color) };
}

export const layoutBarcode: ElementLayout<BarcodeElement, LaidOutOf<'barcode'>> = (element, box, ctx) => {
  const value = ctx.content(element);
  if (value === undefined) return null;
  // A label must not go out without its code: an empty value (often a missing data field) fails the render.
  if (value === '')
    throw new RenderError(
      `barcode "${element.id}" has no value: its content is empty (is a data field missing?)`,
      element.id,
    );
  const errorCorrection = element.errorCorrection ?? BARCODE_DEFAULTS.errorCorrection;
  const color = element.style?.color ?? BARCODE_DEFAULTS.color;
  const { symbology, options } = encodingFor(element, value);
  // Fixed check digits verified (or computed where left out): the laid-out value is the one encoded, as printers are sent it.
  const encodedValue = checkedValue(symbology, value, element.id);
  const encoded = encodeBarcode(
    { symbology, value: encodedValue, errorCorrection, ...(options ? { options } : {}) },
    element.id,
  );
  const base = {
    type: 'barcode' as const,
    id: element.id,
    box,
    rotation: element.rotation,
    symbology,
    value: encodedValue,
    errorCorrection,
    color,
    ...(options && Object.keys(options).length > 0 ? { options } : {}),
  };
  // 2D codes ignore showText and barHeight: their value is not printed beside them, their height follows their modules.
  if (encoded.kind === 'matrix') return { ...base, symbol: matrixSymbol(element, encoded, box, ctx) };
  if (encoded.kind === 'vector') return { ...base, symbol: maxiCodeSymbol(element, encoded, box, ctx) };
  return { ...base, ...linearBarcode(element, encoded, box, color, ctx, DATABAR_HEIGHT_MODULES[symbology]) };
};
