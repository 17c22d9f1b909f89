// Draws a laid-out barcode element in ZPL: the printer's own barcode command at whole-dot modules, or a graphic of the layout.
import type { Box, LaidOutOf, LinearSymbol, MatrixSymbol, VectorSymbol } from '../../layout/laidOutLabel';
import type { ZplEmitContext, ZplElementEmitter } from '../../emit/zpl/zplContext';
import { fieldData } from '../zplEscape';
import { textRunToZpl, zplOrientation, type ZplOrientation } from '../text/zplText';
import { pointsToDots } from '../../units/length';
import { MAXICODE_INCHES } from './maxiCodeMessage';
import {
  linearSymbolField,
  matrixSymbolField,
  maxiCodeSymbolField,
  postalSymbolField,
  type ZplSymbolField,
} from './zplBarcodeCommands';

type LaidOutBarcode = LaidOutOf<'barcode'>;

/**
 * zpl-renderer-js (which follows Labelary's model of Zebra firmware) draws a ^BQ symbol 10 dots below its field
 * origin at every resolution; the origin is raised by as much so the symbol lands where the layout put it.
 */
const QR_TOP_OFFSET_DOTS = 10;

/** A rectangle in printer dots, before the element's rotation. */
interface DotRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** ^BY takes a module of 1 to 10 dots: a wider one (a large box at 600 dpi) is drawn as the layout's graphic. */
const MAX_BY_MODULE_DOTS = 10;

/**
 * The layout's module in dots, exactly, when the layout was made for this printer's resolution (docs/template-format.md "Barcode
 * sizing"): no rounding here. A layout made for another resolution gets the largest whole-dot module not wider than
 * its own, with a hair of tolerance so a module of exactly 2 dots computed as 1.9999999 stays 2; zero when a module is
 * narrower than a dot.
 */
function moduleDotsFor(symbol: LinearSymbol | MatrixSymbol, ctx: ZplEmitContext): number {
  if (symbol.dpi === ctx.dpi) return symbol.moduleDots;
  return Math.floor(pointsToDots(symbol.moduleWidth, ctx.dpi) + 1e-6);
}

/** A span of the layout in dots, rounded at its edges so neighbouring elements keep meeting exactly. */
function dotSpan(start: number, length: number, ctx: ZplEmitContext): { start: number; length: number } {
  const first = ctx.dots(start);
  return { start: first, length: ctx.dots(start + length) - first };
}

/** The top-left corner of `rect` turned clockwise about the centre of `box`, as ZPL places a rotated field. */
function rotatedOrigin(rect: DotRect, box: Box, rotation: number, ctx: ZplEmitContext): { x: number; y: number } {
  const cx = (ctx.dots(box.x) + ctx.dots(box.x + box.width)) / 2;
  const cy = (ctx.dots(box.y) + ctx.dots(box.y + box.height)) / 2;
  const { x, y, width, height } = rect;
  const corner =
    rotation === 90
      ? { x: cx - (y + height - cy), y: cy + (x - cx) }
      : rotation === 180
        ? { x: 2 * cx - (x + width), y: 2 * cy - (y + height) }
        : rotation === 270
          ? { x: cx + (y - cy), y: cy - (x + width - cx) }
          : { x, y };
  return { x: Math.round(corner.x), y: Math.round(corner.y) };
}

interface PlacedField {
  field: ZplSymbolField;
  rect: DotRect;
}

/**
 * The symbol at the layout's module (and ratio), where the layout put its bars: a layout for this resolution is on the
 * dot grid already, so the field starts on its first bar; one for another resolution is centred on the layout's bars.
 */
function linearField(
  element: LaidOutBarcode,
  symbol: LinearSymbol,
  orientation: ZplOrientation,
  ctx: ZplEmitContext,
): PlacedField | undefined {
  const moduleDots = moduleDotsFor(symbol, ctx);
  const across = dotSpan(symbol.x, symbol.width, ctx);
  const down = dotSpan(symbol.y, symbol.height, ctx);
  if (moduleDots < 1 || moduleDots > MAX_BY_MODULE_DOTS || down.length < 1) return undefined;
  const field = linearSymbolField(element, orientation, moduleDots, down.length, symbol.ratio);
  if (!field) return undefined;
  const width = symbol.dpi === ctx.dpi ? across.length : Math.round((symbol.width / symbol.moduleWidth) * moduleDots);
  return {
    field,
    rect: { x: across.start + Math.floor((across.length - width) / 2), y: down.start, width, height: down.length },
  };
}

/** Whole-dot modules (rows keep the layout's aspect, PDF417's tall rows included), centred where the layout put the grid. */
function matrixField(
  element: LaidOutBarcode,
  symbol: MatrixSymbol,
  orientation: ZplOrientation,
  ctx: ZplEmitContext,
): PlacedField | undefined {
  const moduleDots = moduleDotsFor(symbol, ctx);
  if (moduleDots < 1) return undefined;
  const rowDots = Math.max(1, Math.round((moduleDots * symbol.moduleHeight) / symbol.moduleWidth));
  const field = matrixSymbolField(element, symbol, orientation, moduleDots, rowDots);
  if (!field) return undefined;
  const across = dotSpan(symbol.x, symbol.columns * symbol.moduleWidth, ctx);
  const down = dotSpan(symbol.y, symbol.rows * symbol.moduleHeight, ctx);
  const width = symbol.columns * moduleDots;
  const height = symbol.rows * rowDots;
  return {
    field,
    rect: {
      x: across.start + Math.floor((across.length - width) / 2),
      y: down.start + Math.floor((down.length - height) / 2),
      width,
      height,
    },
  };
}

/**
 * Postal codes (^BZ: POSTNET, PLANET, Intelligent Mail) and MaxiCode (^BD, unrotated: it follows ^FW, not a parameter)
 * where the layout was made for this printer's resolution: their dots are the layout's. Other postal codes (RM4SCC, KIX,
 * Australia Post, Japan Post) have no ZPL command and print as the graphic.
 */
function vectorField(
  element: LaidOutBarcode,
  symbol: VectorSymbol,
  orientation: ZplOrientation,
  rotation: number,
  ctx: ZplEmitContext,
): PlacedField | undefined {
  const dots = symbol.dots;
  if (!dots || dots.dpi !== ctx.dpi) return undefined;
  const field =
    element.symbology === 'maxicode'
      ? rotation === 0
        ? maxiCodeSymbolField(element)
        : undefined
      : postalSymbolField(element, orientation, dots.module, dots.height);
  if (!field) return undefined;
  const width = Math.round(pointsToDots(symbol.width, ctx.dpi));
  return {
    field,
    rect: {
      x: dots.x,
      y: dots.y,
      width: element.symbology === 'maxicode' ? Math.round(MAXICODE_INCHES.width * ctx.dpi) : width,
      height: dots.height,
    },
  };
}

/**
 * Native commands keep bars sharp at the printer's resolution and the data readable in the ZPL. The fallback is
 * ctx.graphic (the layout's symbol as ^GFA) for rotations other than quarter turns and wherever the printer could not
 * reproduce the layout's symbol: modules under a dot, ^BY, QR and Aztec modules over 10 dots, values a printer would read
 * differently (see zplBarcodeCommands), or a QR code too close to the top edge for its 10-dot offset.
 *
 * The human-readable line is the layout's, via textRunToZpl, rather than the printer's interpretation line: that one
 * has the printer's font at a size tied to the module width (and EAN/UPC digits split around guard bars below the
 * symbol), so it would neither fit the box nor match the PDF, PNG and HTML outputs.
 */
export const emitBarcodeZpl: ZplElementEmitter<LaidOutBarcode> = (element, ctx) => {
  const orientation = zplOrientation(element.rotation);
  if (orientation === undefined) return ctx.graphic(element);
  const rotation = ((element.rotation % 360) + 360) % 360;
  const { symbol } = element;
  const placed =
    symbol.kind === 'linear'
      ? linearField(element, symbol, orientation, ctx)
      : symbol.kind === 'matrix'
        ? matrixField(element, symbol, orientation, ctx)
        : vectorField(element, symbol, orientation, rotation, ctx);
  if (!placed) return ctx.graphic(element);
  const origin = rotatedOrigin(placed.rect, element.box, rotation, ctx);
  if (element.symbology === 'qrcode') origin.y -= QR_TOP_OFFSET_DOTS;
  if (origin.x < 0 || origin.y < 0) return ctx.graphic(element);
  const barcode = `^FO${origin.x},${origin.y}${placed.field.commands}${fieldData(placed.field.data)}`;
  if (!element.humanReadable) return barcode;
  return `${barcode}\n${textRunToZpl(element.humanReadable, ctx, { box: element.box, rotation: element.rotation, align: 'center' })}`;
};
