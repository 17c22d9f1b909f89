// Reads an Aztec symbol's format (compact or full-range) and layer count off its module grid, so a printer can be asked for the same size.

export interface AztecFormat {
  compact: boolean;
  layers: number;
}

interface ModuleGrid {
  columns: number;
  rows: number;
  cells: string;
}

/** Full-range symbols add a reference grid line every 16 modules from the centre on each side of the core. */
function fullRangeSize(layers: number): number {
  const core = 15 + 4 * layers;
  return core + 2 * Math.floor((Math.floor(core / 2) - 1) / 15);
}

/** Every module at this Chebyshev distance from the centre has the given colour. */
function ringIs(grid: ModuleGrid, centre: number, distance: number, dark: boolean): boolean {
  for (let y = centre - distance; y <= centre + distance; y++) {
    for (let x = centre - distance; x <= centre + distance; x++) {
      if (Math.max(Math.abs(x - centre), Math.abs(y - centre)) !== distance) continue;
      if ((grid.cells[y * grid.columns + x] === '1') !== dark) return false;
    }
  }
  return true;
}

/**
 * The bullseye tells the formats apart where their sizes coincide (19, 23, 27): a full-range bullseye has a light ring
 * at distance 5 and a dark one at 6, where a compact symbol has its mode message and orientation marks.
 */
export function aztecFormat(grid: ModuleGrid): AztecFormat | undefined {
  const size = grid.columns;
  if (grid.rows !== size || size % 2 === 0 || size < 15) return undefined;
  const centre = (size - 1) / 2;
  const full = ringIs(grid, centre, 5, false) && ringIs(grid, centre, 6, true);
  if (full) {
    for (let layers = 1; layers <= 32; layers++) if (fullRangeSize(layers) === size) return { compact: false, layers };
    return undefined;
  }
  const layers = (size - 11) / 4;
  return Number.isInteger(layers) && layers >= 1 && layers <= 4 ? { compact: true, layers } : undefined;
}
