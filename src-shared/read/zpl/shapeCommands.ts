// Handlers of the graphic shapes ^GB (box), ^GC (circle), ^GE (ellipse), ^GD (diagonal) and ^GS (symbol), drawn at ^FS.
import { ZPL_MAX_DOTS } from '../../elements/text/zplText';
import type { Box, LaidOutElement, LaidOutEllipse, LaidOutRect } from '../../layout/laidOutLabel';
import { closeTextField } from './textField';
import { placeField, pointsPerDot } from './zplField';
import { readNumber, readOrientation, type ZplCommandTable, type ZplReader } from './zplReader';

/** Black unless the colour parameter is W (ZPL has no other colours); a reversed field is painted white to invert (LaidOutElement.reverse). */
function shapeColor(reader: ZplReader, value: string | undefined): string {
  return reader.reversed() || value?.toUpperCase() === 'W' ? '#ffffff' : '#000000';
}

/** The field's box in points: ^FO puts its top-left on the origin, ^FT its bottom-left (shapes have no orientation). */
function shapeBox(reader: ZplReader, width: number, height: number): Box {
  const ppd = pointsPerDot(reader.dpmm);
  const { box } = placeField(reader.origin(), 'N', width, height, height);
  return { x: box.x * ppd, y: box.y * ppd, width: box.width * ppd, height: box.height * ppd };
}

/** Common fields of a shape element: id, no rotation, reverse from ^FR/^LR. */
function base(reader: ZplReader, box: Box): { id: string; box: Box; rotation: number; reverse?: boolean } {
  return reader.reversed()
    ? { id: reader.newId(), box, rotation: 0, reverse: true }
    : { id: reader.newId(), box, rotation: 0 };
}

function inset(box: Box, by: number): Box {
  return { x: box.x + by, y: box.y + by, width: box.width - 2 * by, height: box.height - 2 * by };
}

/**
 * A closed shape: solid when the border meets in the middle, otherwise an outline `thickness` dots wide inside the box.
 * Built field by field, not as `{ ...base, shape… }`: V8 in Node 20 makes a spread followed by more properties about
 * 20 times slower than a literal (some 4 µs a box here), and carrier labels have dozens of boxes.
 */
function closedShape(
  reader: ZplReader,
  type: 'rect' | 'ellipse',
  width: number,
  height: number,
  thickness: number,
  color: string,
  rounding = 0,
): LaidOutElement {
  const ppd = pointsPerDot(reader.dpmm);
  const box = shapeBox(reader, width, height);
  const solid = 2 * thickness >= Math.min(width, height);
  // ^GB rounding: the corner radius is rounding/8 of half the shorter side, measured at the outer edge.
  const outerRadius = ((rounding / 8) * Math.min(width, height) * ppd) / 2;
  const strokeWidth = solid ? 0 : thickness * ppd;
  const element: LaidOutRect | LaidOutEllipse =
    type === 'rect'
      ? {
          type,
          id: reader.newId(),
          box,
          rotation: 0,
          shape: box,
          strokeWidth,
          cornerRadius: Math.max(0, outerRadius - strokeWidth / 2),
        }
      : { type, id: reader.newId(), box, rotation: 0, shape: box, strokeWidth };
  if (solid) element.fill = color;
  else {
    element.shape = inset(box, strokeWidth / 2);
    element.stroke = color;
  }
  if (reader.reversed()) element.reverse = true;
  return element;
}

/** ^GS symbols by their ^FD letter: registered, copyright, trademark, and the UL and CSA marks (as their letters). */
const SYMBOLS: Record<string, string> = { A: '®', B: '©', C: '™', D: 'UL', E: 'CSA' };

export const SHAPE_COMMANDS: ZplCommandTable = {
  '^GB': (reader, command) => {
    const [w, h, t, c, r] = reader.params(command);
    const thickness = readNumber(t, 1, 1, ZPL_MAX_DOTS);
    // A side shorter than the border is drawn as long as the border is thick.
    const width = readNumber(w, thickness, thickness, ZPL_MAX_DOTS);
    const height = readNumber(h, thickness, thickness, ZPL_MAX_DOTS);
    const rounding = readNumber(r, 0, 0, 8);
    reader.field.onClose = (at) =>
      at.add(closedShape(at, 'rect', width, height, thickness, shapeColor(at, c), rounding));
  },
  '^GC': (reader, command) => {
    const [d, t, c] = reader.params(command);
    const diameter = readNumber(d, 3, 3, 4095);
    const thickness = readNumber(t, 1, 1, 4095);
    reader.field.onClose = (at) => at.add(closedShape(at, 'ellipse', diameter, diameter, thickness, shapeColor(at, c)));
  },
  '^GE': (reader, command) => {
    const [w, h, t, c] = reader.params(command);
    const thickness = readNumber(t, 1, 1, 4095);
    const width = readNumber(w, thickness, 3, 4095);
    const height = readNumber(h, thickness, 3, 4095);
    reader.field.onClose = (at) => at.add(closedShape(at, 'ellipse', width, height, thickness, shapeColor(at, c)));
  },
  '^GD': (reader, command) => {
    const [w, h, t, c, o] = reader.params(command);
    const thickness = readNumber(t, 1, 1, ZPL_MAX_DOTS);
    const width = readNumber(w, thickness, 3, ZPL_MAX_DOTS);
    const height = readNumber(h, thickness, 3, ZPL_MAX_DOTS);
    const leansLeft = o?.toUpperCase() === 'L';
    reader.field.onClose = (at) => {
      const ppd = pointsPerDot(at.dpmm);
      // A parallelogram: the box's diagonal is its left edge and each row is `thickness` dots wide, so the line's
      // centre runs half a row right of the diagonal and its width across the line is the row cut by the slope.
      const box = shapeBox(at, width + thickness, height);
      const half = (thickness * ppd) / 2;
      const [top, bottom] = [box.y, box.y + box.height];
      const [left, right] = [box.x + half, box.x + width * ppd + half];
      at.add({
        ...base(at, box),
        type: 'line',
        x1: left,
        y1: leansLeft ? top : bottom,
        x2: right,
        y2: leansLeft ? bottom : top,
        stroke: shapeColor(at, c),
        strokeWidth: (thickness * ppd * height) / Math.hypot(width, height),
      });
    };
  },
  // ^GSo,h,w then ^FDA..E: a symbol drawn as font 0 text of that size.
  '^GS': (reader, command) => {
    const [o, h, w] = reader.params(command);
    const height = readNumber(h, reader.printer.defaultFont.height, 1, ZPL_MAX_DOTS);
    reader.field.font = { name: '0', height, width: readNumber(w, height, 1, ZPL_MAX_DOTS) };
    reader.field.orientation = readOrientation(o, reader.printer.fieldOrientation);
    reader.field.onClose = (at) => {
      // Every character of the field is one of the font's cells: A to E its symbols, a space a blank cell that
      // positions the next (as the printer and Labelary draw it); anything else has no symbol and is left out.
      const data = at.field.data ?? '';
      const cells = [...data].map((char) => (char === ' ' ? ' ' : SYMBOLS[char.toUpperCase()]));
      if (cells.some((cell) => cell === undefined)) {
        at.warnAt(
          'ZPL_BAD_PARAMETER',
          `^GS draws A to E and spaces, got ${JSON.stringify(data.slice(0, 40))}: other characters are left out`,
          command,
        );
      }
      const symbols = cells.filter((cell) => cell !== undefined).join('');
      // The symbols are text already: no ^FH or ^CI applies to them.
      if (symbols.trim() !== '') closeTextField(at, symbols);
    };
  },
};
