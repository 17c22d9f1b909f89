import { describe, expect, it } from 'vitest';
import { drawnAsGraphicInZpl } from './RotationBadges';

describe('drawnAsGraphicInZpl', () => {
  it('badges every angle ZPL has no orientation for, and no right angle', () => {
    expect([0, 90, 180, 270, 360, -90].map((rotation) => drawnAsGraphicInZpl({ rotation }))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([15, 45, 89.5, 315.25].map((rotation) => drawnAsGraphicInZpl({ rotation }))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});
