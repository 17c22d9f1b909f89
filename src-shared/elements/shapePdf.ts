// Draws a shape's path on a pdfkit document with its fill and stroke.
import type { StrokeStyle } from '../layout/laidOutLabel';

/**
 * Fills first and strokes over it, as SVG does. The graphics state is saved and restored around the shape,
 * so its colours and line width do not leak into the next element.
 */
export function drawPdfShape(
  doc: PDFKit.PDFDocument,
  style: StrokeStyle & { fill?: string },
  tracePath: () => void,
): void {
  const { stroke, fill } = style;
  if (stroke === undefined && fill === undefined) return;
  doc.save();
  tracePath();
  if (stroke !== undefined) doc.lineWidth(style.strokeWidth).strokeColor(stroke);
  if (fill !== undefined) doc.fillColor(fill);
  if (stroke !== undefined && fill !== undefined) doc.fillAndStroke();
  else if (fill !== undefined) doc.fill();
  else doc.stroke();
  doc.restore();
}
