// What the import's element lifters share: lengths written for templates at the printer's true size, boxes moved between frames.
import { ZPL_NOMINAL_DPI } from '../../api/zplViewer';
import type { Element } from '../../elements/elementSchema';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { Box, RenderWarning } from '../../layout/laidOutLabel';
import type { RenderPixels } from '../../render/renderPixels';
import { pointsTo } from '../../units/length';
import type { ZplDpmm } from './zplField';

/** Rounds a length written to the template: to the nearest by default; text and barcode boxes round up, so what fit still fits. */
export type Rounding = (value: number) => number;

/** What every element lifter gets: fonts to measure with (in the reader's points), the label, and where lengths and warnings go. */
export interface LiftContext {
  fonts: FontRegistry;
  dpmm: ZplDpmm;
  pixels: RenderPixels;
  /** The label's size in the reader's points. */
  label: { width: number; height: number };
  warn(warning: RenderWarning): void;
  /** A length of the reader's as a template length (millimetres, four decimals). */
  mm(points: number, round?: Rounding): string;
  /** A font size of the reader's as a template length in points. */
  pt(points: number): string;
  /** The element's place in the template: its box's top-left, size and turn. */
  place(box: Box, rotation: number, round?: Rounding): Pick<Element, 'position' | 'width' | 'height' | 'rotation'>;
}

/**
 * The reader takes a dot for exactly 1/(25.4 × dpmm) inch, but printers of each density have a whole number of dots
 * an inch (ZPL_NOMINAL_DPI: 203 at 8 dpmm, as the viewer sizes its images). Template lengths are written at the
 * printer's own dot, so a 4 x 6 in label is 4 x 6 in again and the template prints each ZPL dot on one dot: a
 * barcode module of 2 dots stays 2 dots, not 1.998.
 */
export function liftContext(
  fonts: FontRegistry,
  dpmm: ZplDpmm,
  pixels: RenderPixels,
  label: LiftContext['label'],
  warn: LiftContext['warn'],
): LiftContext {
  const scale = (dpmm * 25.4) / ZPL_NOMINAL_DPI[dpmm];
  const mm = (points: number, round: Rounding = Math.round) =>
    `${round(pointsTo(points * scale, 'mm') * 10_000) / 10_000}mm`;
  return {
    fonts,
    dpmm,
    pixels,
    label,
    warn,
    mm,
    pt: (points) => `${Math.round(points * scale * 1000) / 1000}pt`,
    place: (box, rotation, round) => ({
      position: { mode: 'absolute', x: mm(box.x), y: mm(box.y) },
      width: mm(box.width, round),
      height: mm(box.height, round),
      rotation,
    }),
  };
}

/**
 * `local` is a box in a laid-out element's own frame (unrotated, label coordinates), whose drawing turns `rotation`
 * degrees about the centre of `frame`; a template element turns about its own centre. The box returned, turned about
 * its centre, covers what `local` covered turned about `frame`'s: its centre is `local`'s centre turned about `frame`'s.
 */
export function turnedBox(local: Box, frame: Box, rotation: number): Box {
  const radians = (rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const fx = frame.x + frame.width / 2;
  const fy = frame.y + frame.height / 2;
  const dx = local.x + local.width / 2 - fx;
  const dy = local.y + local.height / 2 - fy;
  const cx = fx + dx * cos - dy * sin;
  const cy = fy + dx * sin + dy * cos;
  return { x: cx - local.width / 2, y: cy - local.height / 2, width: local.width, height: local.height };
}

/** A point of a laid-out element's own frame, turned `rotation` degrees about the centre of `frame`, on the label. */
export function turnedPoint(x: number, y: number, frame: Box, rotation: number): { x: number; y: number } {
  const box = turnedBox({ x, y, width: 0, height: 0 }, frame, rotation);
  return { x: box.x, y: box.y };
}
