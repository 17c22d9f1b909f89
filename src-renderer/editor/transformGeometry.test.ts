import { describe, expect, it } from 'vitest';
import { geometryAfterTransform } from './transformGeometry';

describe('geometryAfterTransform', () => {
  it('keeps the geometry for an untouched node', () => {
    const geometry = { x: 10, y: 20, width: 40, height: 10, rotation: 0 };
    expect(geometryAfterTransform(geometry, { x: 30, y: 25, scaleX: 1, scaleY: 1, rotation: 0 })).toEqual(geometry);
  });

  it('scales the size about the new centre and takes the rotation', () => {
    const geometry = { x: 10, y: 20, width: 40, height: 10, rotation: 0 };
    expect(geometryAfterTransform(geometry, { x: 50, y: 25, scaleX: 2, scaleY: 0.5, rotation: 30 })).toEqual({
      x: 10,
      y: 22.5,
      width: 80,
      height: 5,
      rotation: 30,
    });
  });

  it('keeps the direction of a line drawn up and to the left', () => {
    // From (50, 40) to (10, 30): centre (30, 35).
    const line = { x: 50, y: 40, width: -40, height: -10, rotation: 0 };
    expect(geometryAfterTransform(line, { x: 35, y: 35, scaleX: 1.5, scaleY: 1, rotation: 0 })).toEqual({
      x: 65,
      y: 40,
      width: -60,
      height: -10,
      rotation: 0,
    });
  });
});
