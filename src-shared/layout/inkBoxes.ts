// Where a laid-out element puts ink: its text lines' glyph bounds, a symbol's bars, a frame's strokes, as boxes on the label.
import type { FontRegistry } from '../fonts/fontRegistry';
import { rotatedBounds } from './boxBounds';
import type { BarcodeSymbol, Box, LaidOutElement, LaidOutOf, TextRun } from './laidOutLabel';

/** The glyph bounds of each drawn line of a run (not its line box: ascent and leading are not ink), unrotated. */
export function textInk(run: TextRun, fonts: FontRegistry): Box[] {
  const face = fonts.face(run.fontKey);
  const scale = run.fontSize / face.unitsPerEm;
  const scaleX = scale * (run.scaleX ?? 1);
  return run.lines.flatMap((line) => {
    const { minX, maxX, minY, maxY } = fonts.layoutGlyphs(run.fontKey, line.text).bbox;
    // A line of spaces has no glyph outline: fontkit's bounds stay infinite.
    if (![minX, maxX, minY, maxY].every(Number.isFinite) || maxX <= minX || maxY <= minY) return [];
    // Font units have y up; the label has y down from the baseline.
    return [
      {
        x: line.x + minX * scaleX,
        y: line.baseline - maxY * scale,
        width: (maxX - minX) * scaleX,
        height: (maxY - minY) * scale,
      },
    ];
  });
}

/** The area the modules cover (a linear symbol from its first bar to its last), unrotated. */
export function symbolBounds(symbol: BarcodeSymbol): Box {
  switch (symbol.kind) {
    case 'linear': {
      const left = Math.min(...symbol.bars.map((bar) => bar.x));
      const right = Math.max(...symbol.bars.map((bar) => bar.x + bar.width));
      return symbol.bars.length === 0
        ? { x: symbol.x, y: symbol.y, width: 0, height: 0 }
        : { x: left, y: symbol.y, width: right - left, height: symbol.height };
    }
    case 'matrix':
      return {
        x: symbol.x,
        y: symbol.y,
        width: symbol.columns * symbol.moduleWidth,
        height: symbol.rows * symbol.moduleHeight,
      };
    case 'vector':
      return { x: symbol.x, y: symbol.y, width: symbol.width, height: symbol.height };
  }
}

/** The four strokes of a box's outline (centre line `shape`, `width` thick). */
function outlineStrips(shape: Box, width: number): Box[] {
  const half = width / 2;
  const [left, top, right, bottom] = [
    shape.x - half,
    shape.y - half,
    shape.x + shape.width + half,
    shape.y + shape.height + half,
  ];
  return [
    { x: left, y: top, width: right - left, height: width },
    { x: left, y: bottom - width, width: right - left, height: width },
    { x: left, y: top, width, height: bottom - top },
    { x: right - width, y: top, width, height: bottom - top },
  ];
}

function lineInk(element: LaidOutOf<'line'>): Box[] {
  if (element.stroke === undefined || element.strokeWidth <= 0) return [];
  const half = element.strokeWidth / 2;
  const [left, top] = [Math.min(element.x1, element.x2), Math.min(element.y1, element.y2)];
  return [
    {
      x: left - half,
      y: top - half,
      width: Math.abs(element.x2 - element.x1) + element.strokeWidth,
      height: Math.abs(element.y2 - element.y1) + element.strokeWidth,
    },
  ];
}

/** How a caller finds a run's text ink: textInk, or a memo of it (designWarnings asks for each run's several times). */
export type TextInkOf = (run: TextRun, fonts: FontRegistry) => Box[];

/** Within the element's own frame, before its rotation. */
function unrotatedInk(
  element: LaidOutElement,
  fonts: FontRegistry,
  shapes: 'area' | 'strokes',
  inkOf: TextInkOf,
): Box[] {
  switch (element.type) {
    case 'text':
      return inkOf(element, fonts);
    case 'barcode':
      return [symbolBounds(element.symbol), ...(element.humanReadable ? inkOf(element.humanReadable, fonts) : [])];
    case 'image':
      return [element.box];
    case 'line':
      return lineInk(element);
    case 'rect':
    case 'ellipse': {
      if (shapes === 'area') return [element.box];
      // A frame's fill is a background, deliberately under what sits on it; only its outline is ink beside other elements.
      return element.stroke === undefined || element.strokeWidth <= 0
        ? []
        : outlineStrips(element.shape, element.strokeWidth);
    }
  }
}

/**
 * The element's ink as boxes on the label, its rotation applied (the bounds of each turned box). `area`: everything it
 * covers, fills included (what must be on the label); `strokes`: what would hide another element's marks (a shape's outline only).
 */
export function inkBoxes(
  element: LaidOutElement,
  fonts: FontRegistry,
  shapes: 'area' | 'strokes',
  inkOf: TextInkOf = textInk,
): Box[] {
  return turnedWith(element, unrotatedInk(element, fonts, shapes, inkOf));
}

/** Boxes in an element's own frame as they land on the label: each turned with the element about its box centre. */
export function turnedWith(element: LaidOutElement, boxes: Box[]): Box[] {
  if (element.rotation % 360 === 0) return boxes;
  const centre = { x: element.box.x + element.box.width / 2, y: element.box.y + element.box.height / 2 };
  return boxes.map((box) => rotatedBounds(box, element.rotation, centre));
}
