// Draws a laid-out line element in ZPL: ^GB for horizontal and vertical lines, ^GD for diagonal ones.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter } from '../../emit/zpl/zplContext';
import { boxToDots, clipToLabel, normalizeDegrees, printsBlack } from '../shapeZpl';

/** The smallest width and height ZPL accepts for a ^GD box. */
const MIN_DIAGONAL_DOTS = 3;

interface Point {
  x: number;
  y: number;
}

/** Clockwise on the label (y down), like SVG's rotate(). */
function rotateAbout(point: Point, centre: Point, degrees: number): Point {
  const radians = (normalizeDegrees(degrees) * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const dx = point.x - centre.x;
  const dy = point.y - centre.y;
  return { x: centre.x + dx * cos - dy * sin, y: centre.y + dx * sin + dy * cos };
}

export const emitLineZpl: ZplElementEmitter<LaidOutOf<'line'>> = (element, ctx) => {
  if (!printsBlack(element.stroke)) return '';
  // A turned line is still a line: turning its endpoints is the whole rotation, at any angle.
  const centre = { x: element.box.x + element.box.width / 2, y: element.box.y + element.box.height / 2 };
  const start = rotateAbout({ x: element.x1, y: element.y1 }, centre, element.rotation);
  const end = rotateAbout({ x: element.x2, y: element.y2 }, centre, element.rotation);
  const half = element.strokeWidth / 2;
  const left = Math.min(start.x, end.x);
  const top = Math.min(start.y, end.y);
  const width = Math.abs(end.x - start.x);
  const height = Math.abs(end.y - start.y);
  const span = boxToDots({ x: left, y: top, width, height }, ctx);
  // ^GD takes no box side under 3 dots; a line that strays less than that is drawn straight, at its middle.
  if (span.width < MIN_DIAGONAL_DOTS || span.height < MIN_DIAGONAL_DOTS) {
    if (span.width === 0 && span.height === 0) return ''; // shorter than a dot: butt caps draw nothing
    // The stroke is centred on the line: a solid ^GB of the stroke's rectangle, at least one dot thick.
    const rounded =
      span.width >= span.height
        ? boxToDots({ x: left, y: (start.y + end.y) / 2 - half, width, height: element.strokeWidth }, ctx)
        : boxToDots({ x: (start.x + end.x) / 2 - half, y: top, width: element.strokeWidth, height }, ctx);
    const stroke = clipToLabel({ ...rounded, width: Math.max(1, rounded.width), height: Math.max(1, rounded.height) });
    if (stroke.width <= 0 || stroke.height <= 0) return ''; // wholly above or left of the label
    return `^FO${stroke.left},${stroke.top}^GB${stroke.width},${stroke.height},${Math.min(stroke.width, stroke.height)},B,0^FS`;
  }
  // ^GD fills a parallelogram: the box's diagonal is its left edge and its rows reach `thickness` dots to the right
  // (so it overhangs the box by that much), its ends cut along rows. A stroke of width w across a line at angle a
  // to the rows is w / sin(a) long along a row; the field starts half of that left of the line to centre it.
  const rowThickness = Math.max(1, ctx.dots((element.strokeWidth * Math.hypot(width, height)) / height));
  const leaning = (end.x - start.x) * (end.y - start.y) > 0 ? 'L' : 'R';
  const fieldLeft = span.left - Math.floor(rowThickness / 2);
  if (fieldLeft < 0 || span.top < 0) return ctx.graphic(element); // ZPL has no negative ^FO; a raster clips exactly
  return `^FO${fieldLeft},${span.top}^GD${span.width},${span.height},${rowThickness},B,${leaning}^FS`;
};
