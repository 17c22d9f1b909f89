import { describe, expect, it } from 'vitest';
import { placeField, pointsPerDot, type ZplFieldOrigin } from './zplField';

/** The four corners of a placed box after its rotation about the centre, as the printer draws them. */
function printedBounds(placed: ReturnType<typeof placeField>): {
  left: number;
  top: number;
  right: number;
  bottom: number;
} {
  const { box, rotation } = placed;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const r = (rotation * Math.PI) / 180;
  const corners = [
    [box.x, box.y],
    [box.x + box.width, box.y],
    [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height],
  ].map(([x, y]) => [
    cx + (x! - cx) * Math.cos(r) - (y! - cy) * Math.sin(r),
    cy + (x! - cx) * Math.sin(r) + (y! - cy) * Math.cos(r),
  ]);
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    left: round(Math.min(...corners.map((c) => c[0]!))),
    top: round(Math.min(...corners.map((c) => c[1]!))),
    right: round(Math.max(...corners.map((c) => c[0]!))),
    bottom: round(Math.max(...corners.map((c) => c[1]!))),
  };
}

const fo: ZplFieldOrigin = { x: 100, y: 50, kind: 'FO', justification: 0 };
const ft: ZplFieldOrigin = { x: 100, y: 50, kind: 'FT', justification: 0 };

describe('placeField', () => {
  it('^FO puts the printed field top-left at the origin in every orientation', () => {
    expect(printedBounds(placeField(fo, 'N', 40, 10, 0))).toEqual({ left: 100, top: 50, right: 140, bottom: 60 });
    expect(printedBounds(placeField(fo, 'R', 40, 10, 0))).toEqual({ left: 100, top: 50, right: 110, bottom: 90 });
    expect(printedBounds(placeField(fo, 'I', 40, 10, 0))).toEqual({ left: 100, top: 50, right: 140, bottom: 60 });
    expect(printedBounds(placeField(fo, 'B', 40, 10, 0))).toEqual({ left: 100, top: 50, right: 110, bottom: 90 });
  });

  it('^FO right-justified puts the printed field right edge at the origin', () => {
    expect(printedBounds(placeField({ ...fo, justification: 1 }, 'N', 40, 10, 0))).toEqual({
      left: 60,
      top: 50,
      right: 100,
      bottom: 60,
    });
  });

  it('^FT puts the baseline start on the origin, the body above it in the field frame', () => {
    // Upright: baseline 8 below the top, so the body spans y 42..52.
    expect(printedBounds(placeField(ft, 'N', 40, 10, 8))).toEqual({ left: 100, top: 42, right: 140, bottom: 52 });
    // Turned 90 degrees clockwise: reads downwards from the origin, the tops of the letters (the body) to the right.
    expect(printedBounds(placeField(ft, 'R', 40, 10, 8))).toEqual({ left: 98, top: 50, right: 108, bottom: 90 });
    // Upside down: reads leftwards from the origin, the body below it.
    expect(printedBounds(placeField(ft, 'I', 40, 10, 8))).toEqual({ left: 60, top: 48, right: 100, bottom: 58 });
    // Turned 270: reads upwards from the origin, the body to its left.
    expect(printedBounds(placeField(ft, 'B', 40, 10, 8))).toEqual({ left: 92, top: 10, right: 102, bottom: 50 });
  });

  it('converts dots to points exactly', () => {
    expect(pointsPerDot(8) * 203.2).toBeCloseTo(72, 10);
  });
});
