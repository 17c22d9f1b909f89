// A TextRun as ZPL fields: one ^FT/^A/^FB field per laid-out line (font 0, or a downloaded font), baseline and alignment kept, data escaped with ^FH.
import type { Box, TextLine, TextRun } from '../../layout/laidOutLabel';
import type { ZplEmitContext } from '../../emit/zpl/zplContext';
import { fieldData } from '../zplEscape';
import { normalizeDegrees, printsBlack } from '../shapeZpl';
import { FONT0_ADVANCE_PER_SANS_BOLD, FONT0_CAP_HEIGHT, FONT0_FACE } from '../../fonts/printerFont0';

export type ZplOrientation = 'N' | 'R' | 'I' | 'B';
export type TextAlign = 'left' | 'center' | 'right';

/** Where the run sits: lines were aligned within `box`, and everything turns `rotation` degrees clockwise about its centre. */
export interface ZplTextFrame {
  box: Box;
  rotation: number;
  align: TextAlign;
}

/** The range of a scalable font's height and width in dots (Zebra ZPL manual, ^A). */
const FONT0_MIN_DOTS = 10;
export const ZPL_MAX_DOTS = 32000;
/**
 * The block runs past the line on its open side(s) by this share of the line's width: a printed line wider than its
 * ^FB block wraps to a second line, which a one-line block overprints.
 */
const BLOCK_SLACK = 0.25;

const ORIENTATIONS: Record<number, ZplOrientation> = { 0: 'N', 90: 'R', 180: 'I', 270: 'B' };
const JUSTIFICATION: Record<TextAlign, 'L' | 'C' | 'R'> = { left: 'L', center: 'C', right: 'R' };

/** The ZPL field orientation for a clockwise rotation, or undefined when it is not a right angle (draw a graphic instead). */
export function zplOrientation(rotation: number): ZplOrientation | undefined {
  return ORIENTATIONS[normalizeDegrees(rotation)];
}

function clampDots(value: number, min: number): number {
  return Math.min(ZPL_MAX_DOTS, Math.max(min, value));
}

interface Span {
  left: number;
  right: number;
}

/**
 * The line's ^FB block along the text direction: its justified edge is the line's aligned edge (both for centred
 * text: the block is symmetric about the line's centre), and it reaches to the box's far side(s) and some slack past
 * the line, so a printed line a little wider than the laid-out one still fits. It is trimmed to `onLabel`, the span
 * whose field positions are not negative (ZPL has none), from its free end so the justified edge stays.
 */
function fieldBlock(line: TextLine, box: Box, align: TextAlign, onLabel: Span): Span {
  const slack = line.width * BLOCK_SLACK;
  const lineRight = line.x + line.width;
  const boxRight = box.x + box.width;
  if (align === 'left') return { left: line.x, right: Math.min(onLabel.right, Math.max(boxRight, lineRight + slack)) };
  if (align === 'right') return { left: Math.max(onLabel.left, Math.min(box.x, line.x - slack)), right: lineRight };
  const centre = line.x + line.width / 2;
  const half = Math.min(
    Math.max(centre - box.x, boxRight - centre, line.width / 2 + slack / 2),
    centre - onLabel.left,
    onLabel.right - centre,
  );
  return { left: centre - half, right: centre + half };
}

/** A point of the unrotated element turned by a right angle clockwise (y down) about the box centre. */
function rotateAboutCentre(x: number, y: number, box: Box, rotation: number): { x: number; y: number } {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const radians = (rotation * Math.PI) / 180;
  const cos = Math.round(Math.cos(radians));
  const sin = Math.round(Math.sin(radians));
  return { x: cx + (x - cx) * cos - (y - cy) * sin, y: cy + (x - cx) * sin + (y - cy) * cos };
}

/** The x range on the unrotated baseline whose rotated points have no negative coordinate. */
function spanOnLabel(baseline: number, frame: ZplTextFrame): Span {
  const origin = rotateAboutCentre(0, baseline, frame.box, frame.rotation);
  const unit = rotateAboutCentre(1, baseline, frame.box, frame.rotation);
  const span: Span = { left: -Infinity, right: Infinity };
  for (const axis of ['x', 'y'] as const) {
    const step = unit[axis] - origin[axis];
    if (step > 0) span.left = Math.max(span.left, -origin[axis] / step);
    if (step < 0) span.right = Math.min(span.right, -origin[axis] / step);
  }
  return span;
}

/** The font command of one line's field (`^A0N,30,26`), given the field orientation. */
export type ZplFieldFont = (line: TextLine, orientation: ZplOrientation) => string;

/**
 * Font 0, the printer's only scalable font, already bold: the height matches the face's capitals and the width makes
 * the printed line about as long as the laid-out one (bold lines, wider in the layout, come out wider). A "Printer 0"
 * run is font 0 as the layout measured it, so this gives back exactly the ^A0 height and width it was designed at.
 */
function font0(run: TextRun, ctx: ZplEmitContext): ZplFieldFont {
  const face = ctx.fonts.face(run.fontKey);
  const capHeight = (face.font.capHeight * run.fontSize) / face.unitsPerEm;
  const height = clampDots(ctx.dots(capHeight / FONT0_CAP_HEIGHT), FONT0_MIN_DOTS);
  return (line, orientation) => {
    const sansBoldAdvance = ctx.fonts.measure(FONT0_FACE, line.text, 1);
    const width =
      sansBoldAdvance > 0
        ? clampDots(ctx.dots(line.width / (FONT0_ADVANCE_PER_SANS_BOLD * sansBoldAdvance)), FONT0_MIN_DOTS)
        : height;
    return `^A0${orientation},${height},${width}`;
  };
}

/**
 * A downloaded TrueType font by file name: the height is the em in dots (the font size), the width scales it across so
 * the printed line is as long as the laid-out one (the printer does not kern; the layout did).
 */
export function downloadedFont(run: TextRun, ctx: ZplEmitContext, file: string): ZplFieldFont {
  const face = ctx.fonts.face(run.fontKey);
  const height = clampDots(ctx.dots(run.fontSize), 1);
  return (line, orientation) => {
    const unkerned = [...line.text].reduce(
      (sum, char) => sum + face.font.glyphForCodePoint(char.codePointAt(0) ?? 0).advanceWidth,
      0,
    );
    const natural = (unkerned * run.fontSize) / face.unitsPerEm;
    const width = natural > 0 ? clampDots(ctx.dots((run.fontSize * line.width) / natural), 1) : height;
    return `^A@${orientation},${height},${width},${file}`;
  };
}

/**
 * One field per line. ^FT (not ^FO) anchors the field at its baseline, so the printer font's own leading cannot move
 * it off the layout's baseline; for a one-line ^FB block that is the block's left end on the baseline, and it turns
 * with the field orientation. The font is font 0 unless `font` names another; light text prints reversed (^FR) so it
 * stays light on a dark shape. The frame's rotation must be a right angle (see zplOrientation).
 */
export function textRunToZpl(
  run: TextRun,
  ctx: ZplEmitContext,
  frame: ZplTextFrame,
  font: ZplFieldFont = font0(run, ctx),
): string {
  const orientation = zplOrientation(frame.rotation);
  if (orientation === undefined)
    throw new Error(`text rotation ${frame.rotation} is not a right angle; draw it with ctx.graphic`);
  const reverse = printsBlack(run.color) ? '' : '^FR';
  const fields: string[] = [];
  for (const line of run.lines) {
    if (line.text.trim() === '') continue;
    const block = fieldBlock(line, frame.box, frame.align, spanOnLabel(line.baseline, frame));
    const origin = rotateAboutCentre(block.left, line.baseline, frame.box, frame.rotation);
    // ^FB reads \& as a line break and \\ as one backslash (Zebra ZPL manual, ^FB), so a data backslash is doubled.
    const text = line.text.replaceAll('\\', '\\\\');
    fields.push(
      `^FT${Math.max(0, ctx.dots(origin.x))},${Math.max(0, ctx.dots(origin.y))}${font(line, orientation)}` +
        `^FB${clampDots(ctx.dots(block.right - block.left), 1)},1,0,${JUSTIFICATION[frame.align]}${reverse}${fieldData(text)}`,
    );
  }
  return fields.join('\n');
}
