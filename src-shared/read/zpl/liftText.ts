// Lifts a text field read from ZPL into a template text element: its font, size, condensing, rotation and ^FB block.
import type { ElementOf } from '../../elements/elementSchema';
import type { TextStyle } from '../../elements/text/textSchema';
import type { FontFaceKey } from '../../fonts/fontFaces';
import { FONT0_ADVANCE_PER_SANS_BOLD, font0SizePerHeight, PRINTER_FONT_0 } from '../../fonts/printerFont0';
import type { Box, LaidOutOf, TextLine } from '../../layout/laidOutLabel';
import { turnedBox, turnedPoint, type LiftContext } from './liftGeometry';
import { blockParagraphs } from './textField';
import type { ZplTextBlock, ZplTextSource } from './zplReader';

type LaidOutText = LaidOutOf<'text'>;
type TextElement = ElementOf<'text'>;

/** The template's range of horizontalScale and lineHeight (textStyleSchema). */
const SCALE_RANGE = { min: 0.1, max: 10 };
const LINE_HEIGHT_RANGE = { min: 0.5, max: 5 };
/** A one-line field's box runs this share past its text, so a printer-width difference does not wrap it. */
const LINE_SLACK = 0.1;

const JUSTIFY: Record<'L' | 'C' | 'R' | 'J', NonNullable<TextStyle['textAlign']>> = {
  L: 'left',
  C: 'center',
  R: 'right',
  J: 'left',
};

function clamp(value: number, range: { min: number; max: number }): number {
  return Math.min(range.max, Math.max(range.min, value));
}

/** "sans-bold" → the style that resolves to that face again. */
function faceStyle(fontKey: FontFaceKey): Pick<TextStyle, 'fontFamily' | 'fontWeight' | 'fontStyle'> {
  const [family = 'sans', variant = 'regular'] = fontKey.split('-');
  return {
    fontFamily: family,
    fontWeight: variant.includes('bold') ? 'bold' : 'normal',
    fontStyle: variant.includes('italic') ? 'italic' : 'normal',
  };
}

/** How far the layout puts the first baseline below the box top: half the leading, then the ascent (see layoutText). */
function firstBaselineDepth(element: LaidOutText, ctx: LiftContext): number {
  const ascent = ctx.fonts.ascent(element.fontKey, element.fontSize);
  const descent = ctx.fonts.descent(element.fontKey, element.fontSize);
  return (element.lineHeight - (ascent + descent)) / 2 + ascent;
}

/** Room from the start of a line to the label's edge, along the way the text runs. */
function roomToEdge(element: LaidOutText, line: TextLine, ctx: LiftContext): number {
  const start = turnedPoint(line.x, line.baseline, element.box, element.rotation);
  const radians = (element.rotation * Math.PI) / 180;
  const [dx, dy] = [Math.round(Math.cos(radians)), Math.round(Math.sin(radians))];
  if (dx > 0) return ctx.label.width - start.x;
  if (dx < 0) return start.x;
  return dy > 0 ? ctx.label.height - start.y : start.y;
}

interface TextPlan {
  /** The box in the laid-out element's own frame. */
  local: Box;
  text: string;
  textAlign: NonNullable<TextStyle['textAlign']>;
}

/** A ^FB block: the same width, the first baseline where the printer put it, paragraphs at \& and wrapping as ^FB does. */
function blockPlan(element: LaidOutText, text: string, block: ZplTextBlock, depth: number, ctx: LiftContext): TextPlan {
  const { box } = element;
  const top = element.lines[0]!.baseline - depth;
  if (block.justify === 'J')
    ctx.warn({
      code: 'ZPL_IMPORT_JUSTIFY',
      elementId: element.id,
      message: '^FB justification J (full) is imported as left-aligned text',
    });
  if (block.hangingIndent !== 0)
    ctx.warn({
      code: 'ZPL_IMPORT_INDENT',
      elementId: element.id,
      message: `^FB's hanging indent (${block.hangingIndent} dots) is not kept: every line starts at the block's left edge`,
    });
  // The bottom stays where the block's last line ends; the first line fits because its depth is less than a line.
  const height = Math.max(box.y + box.height - top, depth + ctx.fonts.descent(element.fontKey, element.fontSize));
  return {
    local: { x: box.x, y: top, width: box.width, height },
    text: blockParagraphs(text).join('\n'),
    textAlign: JUSTIFY[block.justify],
  };
}

/**
 * One line of text: its box from the line's start, a little wider than the text so the template does not wrap it; a
 * field bound to data reaches the label's edge, where the printer would stop drawing a longer value.
 */
function linePlan(
  element: LaidOutText,
  line: TextLine,
  text: string,
  bound: boolean,
  depth: number,
  ctx: LiftContext,
): TextPlan {
  const width = Math.max(line.width * (1 + LINE_SLACK), bound ? roomToEdge(element, line, ctx) : 0);
  const height = Math.max(element.lineHeight, depth + ctx.fonts.descent(element.fontKey, element.fontSize));
  return { local: { x: line.x, y: line.baseline - depth, width, height }, text, textAlign: 'left' };
}

/**
 * The style that lays the field out again as the reader drew it. Font 0 stays the printer's font ("Printer 0", whose
 * size is the ^A0 height and whose condensing is the printer's), so the imported label still prints it as ^A0 field
 * data; other fonts become the bundled face the reader drew them with.
 */
function textStyle(element: LaidOutText, plan: TextPlan, ctx: LiftContext): TextStyle {
  const printer0 = element.printerFont === '0';
  // Undo layoutText's "Printer 0" sizing: the laid-out size is the ^A0 height times k, the condensing divided by it.
  const k = printer0 ? font0SizePerHeight(ctx.fonts) : 1;
  const size = element.fontSize / k;
  const style: TextStyle = {
    ...(printer0 ? { fontFamily: PRINTER_FONT_0 } : faceStyle(element.fontKey)),
    fontSize: ctx.pt(size),
    lineHeight: clamp(element.lineHeight / size, LINE_HEIGHT_RANGE),
    textAlign: plan.textAlign,
  };
  const scale = printer0 ? ((element.scaleX ?? 1) * k) / FONT0_ADVANCE_PER_SANS_BOLD : (element.scaleX ?? 1);
  const rounded = clamp(Math.round(scale * 10_000) / 10_000, SCALE_RANGE);
  if (rounded !== 1) style.horizontalScale = rounded;
  return style;
}

function textElement(
  element: LaidOutText,
  id: string,
  plan: TextPlan,
  binding: string | undefined,
  ctx: LiftContext,
): TextElement {
  const style = textStyle(element, plan, ctx);
  const box = turnedBox(plan.local, element.box, element.rotation);
  return {
    id,
    type: 'text',
    // Rounded up: a line that fit the printer's width must fit the template's.
    ...ctx.place(box, element.rotation, Math.ceil),
    content: binding === undefined ? { text: plan.text } : { expression: binding },
    style,
    ...(element.reverse ? { reverse: true } : {}),
  };
}

/**
 * The text element(s) of a laid-out text field. `source` is the field as the reader recorded it; `binding` the data
 * expression of a ^FN field. A ^FP field (one drawn line per character) becomes one element per character.
 */
export function liftText(
  element: LaidOutText,
  source: ZplTextSource | undefined,
  id: string,
  binding: string | undefined,
  ctx: LiftContext,
): { elements: TextElement[]; sample?: string } {
  const scale = element.scaleX ?? 1;
  if (scale < SCALE_RANGE.min || scale > SCALE_RANGE.max) {
    ctx.warn({
      code: 'ZPL_IMPORT_SCALE',
      elementId: element.id,
      message: `the font's width is ${scale.toFixed(2)} times its height's: kept within ${SCALE_RANGE.min}..${SCALE_RANGE.max}`,
    });
  }
  const depth = firstBaselineDepth(element, ctx);
  if (source?.block !== undefined) {
    const plan = blockPlan(element, source.text, source.block, depth, ctx);
    return { elements: [textElement(element, id, plan, binding, ctx)], sample: plan.text };
  }
  if (element.lines.length === 1) {
    const line = element.lines[0]!;
    const plan = linePlan(element, line, source?.text ?? line.text, binding !== undefined, depth, ctx);
    return { elements: [textElement(element, id, plan, binding, ctx)], sample: plan.text };
  }
  ctx.warn({
    code: 'ZPL_IMPORT_DIRECTION',
    elementId: element.id,
    message:
      '^FP (vertical, reversed or spaced characters) is imported as one text element per character' +
      (binding ? `; its binding ${binding} is not kept` : ''),
  });
  return {
    elements: element.lines.map((line, index) =>
      textElement(element, `${id}-${index + 1}`, linePlan(element, line, line.text, false, depth, ctx), undefined, ctx),
    ),
  };
}
