// Lays out a text element: resolves its font, breaks lines at the box width, shrinks when asked, aligns.
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { ElementLayout } from '../../layout/layoutContext';
import type { Box, LaidOutOf, TextLine } from '../../layout/laidOutLabel';
import { FONT0_ADVANCE_PER_SANS_BOLD, FONT0_FACE, font0SizePerHeight, isPrinterFont0 } from '../../fonts/printerFont0';
import { toPoints } from '../../units/length';
import type { TextElement } from './textSchema';
import { breakLines } from './breakLines';
import { TEXT_DEFAULTS } from './textSchema';

/** Tolerance for comparing lengths in points: far below a printer dot. */
const EPSILON = 1e-6;
/** Shrinking stops refining once sizes are this close (points): invisible on any printer. */
const SHRINK_PRECISION = 0.05;

interface TextBlock {
  fontSize: number;
  lineHeight: number;
  lines: string[];
}

/**
 * How many lines fit the box height. Wrapping keeps a line while its baseline is inside the box (descenders of the
 * last line may touch the edge, so a box as tall as the font size still shows its text); shrinking is strict and
 * wants the whole glyph height inside.
 */
function fittingLineCount(
  block: TextBlock,
  boxHeight: number,
  fonts: FontRegistry,
  fontKey: FontFaceKey,
  strict: boolean,
): number {
  const ascent = fonts.ascent(fontKey, block.fontSize);
  const descent = fonts.descent(fontKey, block.fontSize);
  const halfLeading = (block.lineHeight - (ascent + descent)) / 2;
  const below = strict ? descent : 0;
  let count = 0;
  while (count < block.lines.length && count * block.lineHeight + halfLeading + ascent + below <= boxHeight + EPSILON)
    count++;
  return count;
}

/** The face and the horizontal scale its glyphs are drawn with: every width the layout measures is scaled. */
interface ScaledFace {
  fonts: FontRegistry;
  fontKey: FontFaceKey;
  scaleX: number;
}

function measure(face: ScaledFace, text: string, fontSize: number): number {
  return face.fonts.measure(face.fontKey, text, fontSize) * face.scaleX;
}

function wrapAt(text: string, fontSize: number, lineHeightFactor: number, width: number, face: ScaledFace): TextBlock {
  return {
    fontSize,
    lineHeight: fontSize * lineHeightFactor,
    lines: breakLines(text, width, (line) => measure(face, line, fontSize)),
  };
}

/** The largest size between min and max at which the wrapped text fits the box; binary search on a monotone test. */
function shrinkToFit(
  text: string,
  maxSize: number,
  minSize: number,
  lineHeightFactor: number,
  box: Box,
  face: ScaledFace,
): TextBlock {
  const fitsAt = (block: TextBlock): boolean =>
    fittingLineCount(block, box.height, face.fonts, face.fontKey, true) === block.lines.length &&
    block.lines.every((line) => measure(face, line, block.fontSize) <= box.width + EPSILON);
  const largest = wrapAt(text, maxSize, lineHeightFactor, box.width, face);
  if (fitsAt(largest) || maxSize <= minSize) return largest;
  let best = wrapAt(text, minSize, lineHeightFactor, box.width, face);
  if (!fitsAt(best)) return best;
  let low = minSize;
  let high = maxSize;
  while (high - low > SHRINK_PRECISION) {
    const middle = (low + high) / 2;
    const block = wrapAt(text, middle, lineHeightFactor, box.width, face);
    if (fitsAt(block)) {
      low = middle;
      best = block;
    } else {
      high = middle;
    }
  }
  return best;
}

export const layoutText: ElementLayout<TextElement, LaidOutOf<'text'>> = (element, box, ctx) => {
  const style = { ...TEXT_DEFAULTS, ...element.style };
  const printer0 = isPrinterFont0(style.fontFamily);
  const { face, fellBack } = printer0
    ? { face: ctx.fonts.face(FONT0_FACE), fellBack: false }
    : ctx.fonts.resolve(style.fontFamily, style.fontWeight, style.fontStyle);
  if (fellBack) {
    ctx.warn({
      code: 'FONT_FALLBACK',
      elementId: element.id,
      message: `font family "${style.fontFamily}" is not bundled; used the sans`,
    });
  }
  const text = ctx.content(element) ?? '';
  // "Printer 0" sizes are ^A0 heights: the face is drawn `k` times larger and condensed as font0Run does, so the design
  // measures (and wraps) exactly as the ZPL reader draws the ^A0 field; lines stay lineHeight × the size apart.
  const k = printer0 ? font0SizePerHeight(ctx.fonts) : 1;
  const fontSize = toPoints(style.fontSize) * k;
  const lineHeight = style.lineHeight / k;
  const scaleX = printer0 ? (style.horizontalScale * FONT0_ADVANCE_PER_SANS_BOLD) / k : style.horizontalScale;
  const scaled: ScaledFace = { fonts: ctx.fonts, fontKey: face.key, scaleX };
  const block =
    style.overflow === 'shrink'
      ? shrinkToFit(text, fontSize, Math.min(toPoints(style.minFontSize) * k, fontSize), lineHeight, box, scaled)
      : wrapAt(text, fontSize, lineHeight, box.width, scaled);

  const kept = fittingLineCount(block, box.height, ctx.fonts, face.key, style.overflow === 'shrink');
  if (kept < block.lines.length && text !== '') {
    ctx.warn({
      code: 'TEXT_TRUNCATED',
      elementId: element.id,
      message: `${block.lines.length - kept} of ${block.lines.length} line(s) do not fit the box and are not drawn`,
    });
  }
  const visible = block.lines.slice(0, kept);
  const ascent = ctx.fonts.ascent(face.key, block.fontSize);
  const descent = ctx.fonts.descent(face.key, block.fontSize);
  const blockHeight = visible.length * block.lineHeight;
  const top =
    box.y +
    (style.verticalAlign === 'top'
      ? 0
      : style.verticalAlign === 'middle'
        ? (box.height - blockHeight) / 2
        : box.height - blockHeight);
  const halfLeading = (block.lineHeight - (ascent + descent)) / 2;

  const lines: TextLine[] = visible
    .map((line, index) => {
      const width = measure(scaled, line, block.fontSize);
      const slack = box.width - width;
      const x = box.x + (style.textAlign === 'left' ? 0 : style.textAlign === 'center' ? slack / 2 : slack);
      return { text: line, x, baseline: top + index * block.lineHeight + halfLeading + ascent, width };
    })
    .filter((line) => line.text !== '');

  return {
    type: 'text',
    id: element.id,
    box,
    rotation: element.rotation,
    fontKey: face.key,
    fontSize: block.fontSize,
    ...(scaleX === 1 ? {} : { scaleX }),
    color: style.color,
    textAlign: style.textAlign,
    lineHeight: block.lineHeight,
    lines,
    ...(printer0 ? { printerFont: '0' as const } : {}),
  };
};
