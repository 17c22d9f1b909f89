// How closely two drawings of a label agree: the share of each one's ink lying near ink of the other (round trips, imports).

/** RGBA pixels, as rasterizeSvg and decoded PNGs give them. */
export interface InkRaster {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** Dark on white: what a thermal printer would print (transparent counts as paper). */
function inkMask(raster: InkRaster): Uint8Array {
  const mask = new Uint8Array(raster.width * raster.height);
  const { rgba } = raster;
  for (let index = 0; index < mask.length; index++) {
    const at = index * 4;
    mask[index] = rgba[at + 3]! > 127 && rgba[at]! + rgba[at + 1]! + rgba[at + 2]! < 3 * 128 ? 1 : 0;
  }
  return mask;
}

/** The mask grown by `radius` pixels in every direction (a square neighbourhood), in two separable passes. */
function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const across = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      for (let dx = Math.max(0, x - radius); dx <= Math.min(width - 1, x + radius); dx++) across[y * width + dx] = 1;
    }
  }
  const grown = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!across[y * width + x]) continue;
      for (let dy = Math.max(0, y - radius); dy <= Math.min(height - 1, y + radius); dy++) grown[dy * width + x] = 1;
    }
  }
  return grown;
}

function shareNear(ink: Uint8Array, near: Uint8Array): number {
  let total = 0;
  let close = 0;
  for (let index = 0; index < ink.length; index++) {
    if (!ink[index]) continue;
    total++;
    if (near[index]) close++;
  }
  return total === 0 ? 1 : close / total;
}

export interface InkAgreement {
  /** Share of A's ink within `radius` pixels of B's ink, and the reverse. */
  aInB: number;
  bInA: number;
  /** The smaller of the two: 1 when each drawing's ink lies near the other's. */
  agreement: number;
}

/** Symmetric ink agreement of two rasters of the same size; `radius` forgives small shifts (2 dots by default). */
export function inkAgreement(a: InkRaster, b: InkRaster, radius = 2): InkAgreement {
  if (a.width !== b.width || a.height !== b.height)
    throw new RangeError(`rasters differ in size: ${a.width}x${a.height} and ${b.width}x${b.height}`);
  const inkA = inkMask(a);
  const inkB = inkMask(b);
  const aInB = shareNear(inkA, dilate(inkB, b.width, b.height, radius));
  const bInA = shareNear(inkB, dilate(inkA, a.width, a.height, radius));
  return { aInB, bInA, agreement: Math.min(aInB, bInA) };
}
