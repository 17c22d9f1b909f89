// Which part of an image shows in its element box: 'cover' placements reach past the box, and the outputs clip them there.
import type { Box } from '../../engine';

/** The part of the placement inside the box, and the matching part of the image in pixels; undefined when nothing shows. */
export function visiblePart(
  box: Box,
  placement: Box,
  pixelWidth: number,
  pixelHeight: number,
): { at: Box; crop: Box } | undefined {
  const x = Math.max(box.x, placement.x);
  const y = Math.max(box.y, placement.y);
  const width = Math.min(box.x + box.width, placement.x + placement.width) - x;
  const height = Math.min(box.y + box.height, placement.y + placement.height) - y;
  if (width <= 0 || height <= 0) return undefined;
  const scaleX = pixelWidth / placement.width;
  const scaleY = pixelHeight / placement.height;
  return {
    at: { x, y, width, height },
    crop: {
      x: (x - placement.x) * scaleX,
      y: (y - placement.y) * scaleY,
      width: width * scaleX,
      height: height * scaleY,
    },
  };
}
