// The ZPL writer's graphics as Z64: 1-bit pixels deflated by node's zlib (the writer runs in Node; zplGraphic.ts, which the editor also loads, keeps fflate).
import { deflateSync } from 'node:zlib';
import { packedGfaField, z64Text } from './zplGraphic';

/**
 * zlib's default level 6: on a parcel label's text graphics (eight of 0.2 to 6.5 KB packed) fflate at level 9 took
 * 1.07 ms a label for 5,396 bytes, node's level 6 0.21 ms for 5,158 (level 1: 0.13 ms, 5,629; level 9: 0.70 ms,
 * 5,152), measured in one process. fflate's cost is mostly its set-up per call, and a label has a graphic per text.
 * A printer inflates any zlib stream, so only the bytes change, never the dots.
 */
const LEVEL = 6;

/**
 * Packed rows (see packRows) to `^GFA,total,total,bytesPerRow,:Z64:…^FS`: deflated rather than run-length coded,
 * which keeps glyph edges (short runs that change from row to row) a fraction of what ASCII compression makes of them.
 */
export function packedToZ64Gf(packed: Uint8Array, width: number, height: number): string {
  return packedGfaField(packed, width, height, (rows) =>
    z64Text(deflateSync(rows, { level: LEVEL }).toString('base64')),
  );
}
