// The layout's result: plain serialisable data, lengths in points, origin at the label's top-left, y down.
import type { SheetPlacement } from '../sheets/sheetLayout';
import type { LaidOutSymbology } from '../elements/barcode/barcodeSchema';
import type { FontFaceKey } from '../fonts/fontFaces';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One line of text, already broken and aligned by the layout; emitters draw it as given. */
export interface TextLine {
  text: string;
  /** Left edge of the line. */
  x: number;
  baseline: number;
  width: number;
}

export interface TextRun {
  fontKey: FontFaceKey;
  fontSize: number;
  /** Horizontal scale of the glyphs about each line's left edge (1 when absent): printer fonts drawn condensed or widened. */
  scaleX?: number;
  color: string;
  lines: TextLine[];
}

interface LaidOutBase {
  id: string;
  /** The element's box; rotation turns everything of the element about its centre. */
  box: Box;
  /** Degrees clockwise about the box centre. */
  rotation: number;
  /**
   * Composited by difference with what is beneath (ZPL ^FR/^LR). The reader paints such elements white, so they
   * invert: white over black, black over white; an emitter that cannot blend still shows them on dark ground.
   */
  reverse?: boolean;
}

export interface LaidOutText extends LaidOutBase, TextRun {
  type: 'text';
  textAlign: 'left' | 'center' | 'right';
  /** Distance between baselines in points. */
  lineHeight: number;
  /**
   * '0': the template chose "Printer 0", the printer's scalable font: the run is font 0 as every output draws it
   * (the condensed sans bold), and the ZPL writer sends it as ^A0 rather than drawing it.
   */
  printerFont?: '0';
}

/** What a symbol's modules are in printer dots: decided once by the layout (or the reader), drawn as they are by every writer. */
interface SymbolDots {
  /** The narrow module (linear) or module (2D) in whole dots of `dpi`; moduleWidth is this many dots in points. */
  moduleDots: number;
  /** The resolution the dots are of: the target the layout was made for, or the printer's the reader read. */
  dpi: number;
}

export interface LinearSymbol extends SymbolDots {
  kind: 'linear';
  /** Bars (dark modules) as x offsets and widths, absolute on the label. */
  bars: { x: number; width: number }[];
  /** Top of the bars and their height. */
  y: number;
  height: number;
  /** Width of one (narrow) module; every bar is a whole number of modules, except the wide ones of a ratio. */
  moduleWidth: number;
  /** Wide to narrow of code 39 and ITF (the printer's ^BY ratio): wide bars and spaces are wideDots() of it. */
  ratio?: number;
  /** Left edge and total width of the bars; the quiet zones are outside them and never drawn. */
  x: number;
  width: number;
  /** The light margins the layout kept clear beside the bars inside the box (points), when it reserved them. */
  quietZone?: { left: number; right: number };
}

export interface MatrixSymbol extends SymbolDots {
  kind: 'matrix';
  /** Top-left of the module grid. */
  x: number;
  y: number;
  columns: number;
  rows: number;
  moduleWidth: number;
  moduleHeight: number;
  /** The light margin the layout kept clear around the grid inside the box (points, the same on every side), when it reserved one. */
  quietZone?: { left: number; right: number };
  /** Row-major, one character per module: "1" dark, "0" light. May be computed when first read (QR codes). */
  readonly cells: string;
}

/**
 * A symbol whose modules are not rectangles (MaxiCode's hexagons and bullseye): SVG path data in points, absolute on
 * the label, with M, L, C and Z commands only, filled even-odd. SVG, PDF (doc.path), HTML and canvas (Path2D) draw it as it is.
 */
export interface VectorSymbol {
  kind: 'vector';
  /** The symbol's bounds. */
  x: number;
  y: number;
  width: number;
  height: number;
  path: string;
  /**
   * Symbols printers draw by command (postal codes, MaxiCode), in whole dots of `dpi`: the field's top-left (MaxiCode:
   * of its fixed-size frame), the bar width (postal codes; 1 for MaxiCode) and the full height, as ^FO, ^BY and ^BZ take them.
   */
  dots?: { x: number; y: number; module: number; height: number; dpi: number };
}

export type BarcodeSymbol = LinearSymbol | MatrixSymbol | VectorSymbol;

export interface LaidOutBarcode extends LaidOutBase {
  type: 'barcode';
  symbology: LaidOutSymbology;
  /** The value that was encoded, as given to bwip-js. */
  value: string;
  errorCorrection: 'L' | 'M' | 'Q' | 'H';
  color: string;
  symbol: BarcodeSymbol;
  /** bwip-js options the value was encoded with beyond the defaults (MaxiCode mode, check digit schemes, DataBar segments). */
  options?: Readonly<Record<string, string | number | boolean>>;
  /** The human-readable line of a linear code, when shown. */
  humanReadable?: TextRun;
}

export interface LaidOutImage extends LaidOutBase {
  type: 'image';
  mime: 'image/png' | 'image/jpeg';
  /** The image bytes, base64. */
  base64: string;
  pixelWidth: number;
  pixelHeight: number;
  /** What one decode is charged in the pixel budget, when more than its pixels (a progressive JPEG's coefficients). */
  decodedPixels?: number;
  /** Where the whole image is drawn (cover may reach past the box; it is clipped to `box`). */
  placement: Box;
}

export interface StrokeStyle {
  /** #rrggbb, or undefined for no stroke. */
  stroke?: string;
  strokeWidth: number;
}

export interface LaidOutLine extends LaidOutBase, StrokeStyle {
  type: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface LaidOutRect extends LaidOutBase, StrokeStyle {
  type: 'rect';
  /** The outline's centre line: the box inset by half the stroke, so the stroke stays inside the box. */
  shape: Box;
  /** #rrggbb, or undefined for no fill. */
  fill?: string;
  /** Radius of the corners of `shape` (the stroke's centre line, so the outer edge's is half a stroke more); 0: sharp. */
  cornerRadius: number;
}

export interface LaidOutEllipse extends LaidOutBase, StrokeStyle {
  type: 'ellipse';
  /** The ellipse is inscribed in this box: the element box inset by half the stroke. */
  shape: Box;
  fill?: string;
}

export type LaidOutElement = LaidOutText | LaidOutBarcode | LaidOutImage | LaidOutLine | LaidOutRect | LaidOutEllipse;
export type LaidOutOf<T extends LaidOutElement['type']> = Extract<LaidOutElement, { type: T }>;

export interface RenderWarning {
  /** Stable code, e.g. FONT_FALLBACK, TEXT_TRUNCATED. */
  code: string;
  message: string;
  /** The element to change (of several: the one drawn over the others). */
  elementId?: string;
  /** Every element the warning is about, when it is about more than one (two overlapping elements). */
  elementIds?: string[];
}

export interface LaidOutLabel {
  width: number;
  height: number;
  /** In drawing order: later elements are drawn over earlier ones. */
  elements: LaidOutElement[];
  warnings: RenderWarning[];
  /**
   * ZPL ^PMY: the whole label is drawn mirrored left to right (about its vertical centre line), text and all, as a
   * printer prints it. Elements stay as laid out; each emitter mirrors the drawing as a whole.
   */
  mirror?: boolean;
  /**
   * ZPL ^PW narrower than the media: only this band of the label prints (points). Emitters clip the drawing to it;
   * elements keep their places.
   */
  clip?: Box;
  /** The template's sheet: PDF output places the labels on its pages N-up. */
  sheet?: SheetPlacement;
}
