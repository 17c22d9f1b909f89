// The fill and stroke attributes of a shape in SVG.
import { escapeXml } from './svgEscape';
import { svgNumber } from './svgNumber';
import type { StrokeStyle } from '../layout/laidOutLabel';

export function svgPaintAttributes(style: StrokeStyle & { fill?: string }): string {
  const fill = `fill="${escapeXml(style.fill ?? 'none')}"`;
  if (style.stroke === undefined) return fill;
  return `${fill} stroke="${escapeXml(style.stroke)}" stroke-width="${svgNumber(style.strokeWidth)}"`;
}
