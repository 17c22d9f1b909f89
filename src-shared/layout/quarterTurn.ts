// Whether a rotation is a whole number of quarter turns: the angles printers draw fields at (ZPL N, R, I, B).

/** True for 0, ±90, ±180, ±270, 360…: anything else prints as a graphic in ZPL (and the designer marks it). */
export function isQuarterTurn(rotation: number): boolean {
  return Number.isFinite(rotation) && rotation % 90 === 0;
}
