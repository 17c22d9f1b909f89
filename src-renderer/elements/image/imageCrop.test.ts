import { describe, expect, it } from 'vitest';
import { visiblePart } from './imageCrop';

describe('visiblePart', () => {
  const box = { x: 10, y: 10, width: 40, height: 20 };

  it('shows a contained image whole, where it is placed', () => {
    const placement = { x: 20, y: 10, width: 20, height: 20 };
    expect(visiblePart(box, placement, 100, 100)).toEqual({
      at: placement,
      crop: { x: 0, y: 0, width: 100, height: 100 },
    });
  });

  it('crops a covering image to the box, in image pixels', () => {
    // A square image covering a 40 x 20 box: 40 x 40, centred, so 10 above and below are cut.
    expect(visiblePart(box, { x: 10, y: 0, width: 40, height: 40 }, 200, 200)).toEqual({
      at: box,
      crop: { x: 0, y: 50, width: 200, height: 100 },
    });
  });

  it('shows nothing of an image outside its box', () => {
    expect(visiblePart(box, { x: 60, y: 10, width: 5, height: 5 }, 10, 10)).toBeUndefined();
  });
});
