// MaxiCode drawn at ISO/IEC 16023's nominal dimensions: its 33 x 30 hexagon grid and bullseye as one path in millimetres.
import { POINTS_PER_UNIT } from '../../units/length';
import { MAXICODE_INCHES } from './maxiCodeMessage';

/** ISO/IEC 16023's nominal dimensions, in millimetres. */
const ISO = {
  rows: 33,
  columns: 30,
  /** Centre-to-centre spacing of the modules in a row and of the rows (odd rows sit half a module to the right). */
  modulePitch: 0.88,
  rowPitch: 0.76,
  /** A module is a regular hexagon standing on a point: 0.76 mm across its flat sides, 0.88 mm point to point. */
  hexagonWidth: 0.76,
  hexagonHeight: 0.88,
  /** Diameters of the bullseye's circles; the rings between the 1st and 2nd, 3rd and 4th, 5th and 6th are dark. */
  bullseyeDiameters: [1.03, 2.37, 3.73, 5.07, 6.41, 7.75],
  /** The bullseye is centred on this module's place (row 16 of 0–32, column 14 of 0–29), which the grid leaves empty around it. */
  centreModule: { row: 16, column: 14 },
} as const;

/** A cubic Bézier's control distance for a quarter circle of radius 1. */
const QUARTER_CIRCLE = 0.5523;
const MM_PER_INCH = POINTS_PER_UNIT.in / POINTS_PER_UNIT.mm;

/** The symbol's frame and path: the frame is the nominal 1.11 x 1.054 in with its quiet zone, the grid one module in from its top left. */
export interface MaxiCodeDrawing {
  width: number;
  height: number;
  path: string;
}

const mm = (value: number) => value.toFixed(3);

/**
 * The centre of module (row, column), in mm from the frame's top left. The quiet zone is a module pitch on the left and
 * a row pitch on top (the rest of the nominal frame falls right and below), where zebrash, checked against Labelary's
 * drawings, puts the grid.
 */
function moduleCentre(row: number, column: number): { x: number; y: number } {
  return {
    x: ISO.modulePitch + column * ISO.modulePitch + (row % 2 === 1 ? ISO.modulePitch / 2 : 0) + ISO.hexagonWidth / 2,
    y: ISO.rowPitch + row * ISO.rowPitch + ISO.hexagonHeight / 2,
  };
}

function hexagon(x: number, y: number): string {
  const [halfWidth, halfHeight, quarterHeight] = [ISO.hexagonWidth / 2, ISO.hexagonHeight / 2, ISO.hexagonHeight / 4];
  return `M${mm(x)} ${mm(y - halfHeight)}L${mm(x + halfWidth)} ${mm(y - quarterHeight)}L${mm(x + halfWidth)} ${mm(y + quarterHeight)}L${mm(x)} ${mm(y + halfHeight)}L${mm(x - halfWidth)} ${mm(y + quarterHeight)}L${mm(x - halfWidth)} ${mm(y - quarterHeight)}Z`;
}

/** A circle as four cubic Béziers (the vector path holds M, L, C and Z only, so every emitter draws it). */
function circle(x: number, y: number, radius: number): string {
  const k = radius * QUARTER_CIRCLE;
  const point = (dx: number, dy: number) => `${mm(x + dx)} ${mm(y + dy)}`;
  return (
    `M${point(radius, 0)}` +
    `C${point(radius, k)} ${point(k, radius)} ${point(0, radius)}` +
    `C${point(-k, radius)} ${point(-radius, k)} ${point(-radius, 0)}` +
    `C${point(-radius, -k)} ${point(-k, -radius)} ${point(0, -radius)}` +
    `C${point(k, -radius)} ${point(radius, -k)} ${point(radius, 0)}Z`
  );
}

/**
 * The drawing of a symbol whose dark modules are `dark` (row x 30 + column, as bwip-js lists them). The hexagons and
 * rings are ISO/IEC 16023's sizes (bwip-js's own drawing packs the rows 3/4 of a module apart instead of 0.86, so its
 * symbol was 1.2 times as wide as tall and sat in the nominal frame with bands above and below it).
 */
export function maxiCodeDrawing(dark: Iterable<number>): MaxiCodeDrawing {
  let path = '';
  for (const index of dark) {
    const [row, column] = [Math.floor(index / ISO.columns), index % ISO.columns];
    if (row >= ISO.rows) continue;
    const { x, y } = moduleCentre(row, column);
    path += hexagon(x, y);
  }
  const centre = moduleCentre(ISO.centreModule.row, ISO.centreModule.column);
  // Filled even-odd, each pair of circles is a dark ring.
  for (const diameter of ISO.bullseyeDiameters) path += circle(centre.x, centre.y, diameter / 2);
  return { width: MAXICODE_INCHES.width * MM_PER_INCH, height: MAXICODE_INCHES.height * MM_PER_INCH, path };
}
