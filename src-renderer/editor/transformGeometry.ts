// From a transformed canvas node back to template geometry: the node sits at the box centre, scaled and turned about it.
import type { ElementGeometry } from '../store/geometry';

export interface NodeTransform {
  /** The node's position: the (new) centre of the box. */
  x: number;
  y: number;
  scaleX: number;
  scaleY: number;
  rotation: number;
}

/**
 * Sizes scale (keeping a line's sign, so it keeps its direction) and the position is put back relative to the new
 * centre: x + width / 2 is the centre for every element, lines included.
 */
export function geometryAfterTransform(geometry: ElementGeometry, node: NodeTransform): ElementGeometry {
  const width = geometry.width * node.scaleX;
  const height = geometry.height * node.scaleY;
  return { x: node.x - width / 2, y: node.y - height / 2, width, height, rotation: node.rotation };
}
