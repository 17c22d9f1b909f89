// Lays out a barcode element: the symbol encoded by bwip-js fills its box in whole modules, with an optional human-readable line.
import type { ElementLayout, LayoutContext } from '../../layout/layoutContext';
import type { ElementOf } from '../elementSchema';
import type { Box, LaidOutOf, LinearSymbol, MatrixSymbol, TextRun, VectorSymbol } from '../../layout/laidOutLabel';
import { toPoints } from '../../units/length';
import { RenderError } from '../../errors';
import { BARCODE_DEFAULTS, type BarcodeElement } from './barcodeSchema';
import { encodeBarcode, type EncodedLinear, type EncodedMatrix, type EncodedVector } from './barcodeEncoding';

/**
 * Bars fill the box width: the module width is the box width over the symbol's modules, so every bar is a whole number
 * of modules. Quiet zones are not added: leaving clear space beside the box is the designer's job, as on paper.
 */
function linearSymbol(encoded: EncodedLinear, box: Box, barHeight: number): LinearSymbol {
  const totalModules = encoded.widths.reduce((sum, width) => sum + width, 0);
  const moduleWidth = box.width / totalModules;
  const bars: LinearSymbol['bars'] = [];
  let offset = 0;
  encoded.widths.forEach((width, index) => {
    // Even entries are bars, odd ones spaces.
    if (index % 2 === 0) bars.push({ x: box.x + offset * moduleWidth, width: width * moduleWidth });
    offset += width;
  });
  return { kind: 'linear', bars, y: box.y, height: barHeight, moduleWidth, x: box.x, width: box.width };
}

/** The largest modules that fit the box with the symbol's own aspect (square, or PDF417's tall rows), centred. */
function matrixSymbol(encoded: EncodedMatrix, box: Box): MatrixSymbol {
  const moduleWidth = Math.min(box.width / encoded.columns, box.height / (encoded.rows * encoded.moduleAspect));
  const moduleHeight = moduleWidth * encoded.moduleAspect;
  return {
    kind: 'matrix',
    x: box.x + (box.width - encoded.columns * moduleWidth) / 2,
    y: box.y + (box.height - encoded.rows * moduleHeight) / 2,
    columns: encoded.columns,
    rows: encoded.rows,
    moduleWidth,
    moduleHeight,
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

/** The line keeps the bars at least this share of the box height; below it the bars would be too short to scan. */
const MIN_BAR_SHARE = 0.5;

interface HumanReadable {
  run: TextRun;
  /** From the top of the font's ascent to the bottom of its descent: what the line takes from the box height. */
  height: number;
}

/**
 * The line bwip-js would print, centred under the bars with its descenders on the box's bottom edge. A line wider than
 * the box is drawn smaller so it stays inside; a box too short for bars and line drops the line, with a warning.
 */
function humanReadable(element: BarcodeElement, text: string, box: Box, color: string, ctx: LayoutContext): HumanReadable | undefined {
  if (text === '') return undefined;
  const { face, fellBack } = ctx.fonts.resolve(element.style?.fontFamily ?? BARCODE_DEFAULTS.fontFamily, 'normal', 'normal');
  if (fellBack) {
    ctx.warn({ code: 'FONT_FALLBACK', elementId: element.id, message: `font family "${element.style?.fontFamily}" is not bundled; used the sans` });
  }
  const requestedSize = toPoints(element.style?.fontSize ?? BARCODE_DEFAULTS.fontSize);
  const requestedWidth = ctx.fonts.measure(face.key, text, requestedSize);
  // Text width is proportional to the size, so one division finds the size that fits.
  const fontSize = requestedWidth > box.width ? (requestedSize * box.width) / requestedWidth : requestedSize;
  const width = ctx.fonts.measure(face.key, text, fontSize);
  const ascent = ctx.fonts.ascent(face.key, fontSize);
  const descent = ctx.fonts.descent(face.key, fontSize);
  if (box.height - (ascent + descent) < box.height * MIN_BAR_SHARE) {
    ctx.warn({
      code: 'TEXT_TRUNCATED',
      elementId: element.id,
      message: 'the barcode box is too short for bars and the human-readable line; the line is not drawn',
    });
    return undefined;
  }
  return {
    run: {
      fontKey: face.key,
      fontSize,
      color,
      lines: [{ text, x: box.x + (box.width - width) / 2, baseline: box.y + box.height - descent, width }],
    },
    height: ascent + descent,
  };
}

export const layoutBarcode: ElementLayout<ElementOf<'barcode'>, LaidOutOf<'barcode'>> = (element, box, ctx) => {
  const value = ctx.content(element);
  if (value === undefined) return null;
  // A label must not go out without its code: an empty value (often a missing data field) fails the render.
  if (value === '') throw new RenderError(`barcode "${element.id}" has no value: its content is empty (is a data field missing?)`, element.id);
  const errorCorrection = element.errorCorrection ?? BARCODE_DEFAULTS.errorCorrection;
  const color = element.style?.color ?? BARCODE_DEFAULTS.color;
  const encoded = encodeBarcode({ symbology: element.symbology, value, errorCorrection }, element.id);
  const base = { type: 'barcode' as const, id: element.id, box, rotation: element.rotation, symbology: element.symbology, value, errorCorrection, color };
  // 2D codes ignore showText: their value is not printed beside them.
  if (encoded.kind === 'matrix') return { ...base, symbol: matrixSymbol(encoded, box) };
  if (encoded.kind === 'vector') return { ...base, symbol: vectorSymbol(encoded, box) };
  const line = (element.showText ?? BARCODE_DEFAULTS.showText) ? humanReadable(element, encoded.text, box, color, ctx) : undefined;
  const symbol = linearSymbol(encoded, box, box.height - (line?.height ?? 0));
  return line ? { ...base, symbol, humanReadable: line.run } : { ...base, symbol };
};
