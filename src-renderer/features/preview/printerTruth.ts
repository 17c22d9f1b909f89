// The preview's printer view: which label the ZPL is drawn on (the printer's resolution and media, its label offsets
// ahead of it), and its differences from the design's PNG at that resolution.
import type { ZplPreviewRequest } from '@shared/api/zplEditorApi';
import { lengthInDots, zplSettingsFormat } from '@shared/emit/zpl/zplPrinterSettings';
import { ZPL_NOMINAL_DPI, ZPL_VIEWER_MAX_INCHES } from '@shared/api/zplViewer';
import { ZPL_DPMM, type ZplDpmm } from '@shared/read/zpl/zplField';
import type { CanvasTarget } from '../../editor/target/canvasTarget';
import { offsetTexts } from '../printers/printerFields';
import { lengthToPoints } from '../../editor/units';
import { rotatedBounds } from '@shared/layout/boxBounds';
import type { LaidOutElement } from '@shared/layout/laidOutLabel';
import { pointsToDots, pointsToInches } from '@shared/units/length';
import { DIFF_COLOURS, isInk, overlayDiff, type Pixels } from '../history/overlayDiff';

/** The printer density (dots per mm) of a nominal resolution: 203 dpi printers are 8 dpmm. */
export function dpmmOf(dpi: number): ZplDpmm {
  const dpmm = ZPL_DPMM.find((candidate) => ZPL_NOMINAL_DPI[candidate] === dpi);
  if (dpmm === undefined) throw new Error(`no printer density has ${dpi} dpi`);
  return dpmm;
}

function inches(length: unknown): number | undefined {
  const points = lengthToPoints(length);
  return points === undefined || points <= 0 ? undefined : Math.min(ZPL_VIEWER_MAX_INCHES, pointsToInches(points));
}

/**
 * The reader's request for the ZPL that would be sent: on the printer's media when it has one set, else on the label's
 * own size; null while the size cannot be read. The printer's label offsets go ahead of it as its print jobs send them
 * (^LT, ^LS in the settings format), and the reader moves every field by them, as the printer does. Its other
 * settings change nothing drawn (darkness is drawn as weight by PrinterView). The settings format only sets printer
 * state, so the reader reads no label from it: the template's label is the only one read.
 */
export function printerViewRequest(
  zpl: string,
  target: CanvasTarget,
  label: { width: unknown; height: unknown },
): ZplPreviewRequest | null {
  const width = inches(target.media?.width ?? label.width);
  const height = inches(target.media?.height ?? label.height);
  if (width === undefined || height === undefined) return null;
  const { dpi, topOffset, leftOffset } = target;
  const offsets = zplSettingsFormat({
    dpi,
    media: null,
    darkness: null,
    speed: null,
    mediaType: null,
    printMode: null,
    mediaSensing: null,
    topOffset,
    leftOffset,
  });
  return { zpl: offsets + zpl, dpmm: dpmmOf(dpi), width, height };
}

/** Dots to the right and down; the printer's label offsets move the whole print by one. */
export interface Shift {
  x: number;
  y: number;
}

const NO_SHIFT: Shift = { x: 0, y: 0 };

/** A shift with the sentence the printer view shows for it. */
export interface LabelShift extends Shift {
  text: string;
}

function dotsText(dots: number): string {
  return `${Math.abs(dots)} dot${Math.abs(dots) === 1 ? '' : 's'}`;
}

/**
 * How far the printer's label offsets move the whole print, in its dots (as its jobs send them as ^LT and ^LS, and as
 * the reader draws them), with the sentence the printer view shows; null when they move nothing.
 */
export function labelShift(target: Pick<CanvasTarget, 'dpi' | 'topOffset' | 'leftOffset'>): LabelShift | null {
  const x = target.leftOffset === null ? 0 : lengthInDots(target.leftOffset, target.dpi);
  const y = target.topOffset === null ? 0 : lengthInDots(target.topOffset, target.dpi);
  if (x === 0 && y === 0) return null;
  const moves = [
    y !== 0 && `${dotsText(y)} ${y > 0 ? 'down' : 'up'}`,
    x !== 0 && `${dotsText(x)} ${x > 0 ? 'right' : 'left'}`,
  ].filter((move) => move !== false);
  return {
    x,
    y,
    text: `Shift: the whole label prints ${moves.join(' and ')} (the printer's label offsets: ${offsetTexts(target).join(', ')}). The differences are counted with the print moved back by it.`,
  };
}

/**
 * `pixels` on white paper of `width` × `height`, from the top-left corner (as both the design and the printer place
 * it), taken `from` that far right and down: a print moved by its label offsets, moved back.
 */
export function onPaper(pixels: Pixels, width: number, height: number, from: Shift = NO_SHIFT): Pixels {
  if (pixels.width === width && pixels.height === height && from.x === 0 && from.y === 0) return pixels;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const left = Math.max(0, -from.x);
  const right = Math.min(width, pixels.width - from.x);
  for (let row = Math.max(0, -from.y); row < Math.min(height, pixels.height - from.y); row += 1) {
    if (right <= left) break;
    const start = ((row + from.y) * pixels.width + left + from.x) * 4;
    data.set(pixels.data.subarray(start, start + (right - left) * 4), (row * width + left) * 4);
  }
  return { width, height, data };
}

/**
 * Design against print, one dot a pixel: ink only in the design red, only in the print blue (the compare view's colours).
 * A media size other than the label's is paper in the smaller picture. `shift`: how far the printer's label offsets
 * moved the print; it is moved back first, so a label that only moved shows no difference, while ink the move pushed
 * off the paper still does.
 */
export function printerDifferences(
  design: Pixels,
  printer: Pixels,
  shift: Shift = NO_SHIFT,
): { pixels: Pixels; changed: number } {
  const width = Math.max(design.width, printer.width);
  const height = Math.max(design.height, printer.height);
  return overlayDiff(onPaper(design, width, height), onPaper(printer, width, height, shift));
}

function differs(data: Uint8ClampedArray, offset: number): boolean {
  return [DIFF_COLOURS.removed, DIFF_COLOURS.added].some((colour) =>
    colour.every((channel, index) => data[offset + index] === channel),
  );
}

/**
 * The differing pixels of printerDifferences() inside each element's bounds (laid out in points, pictures in dots of
 * `dpi`), so the tab can name what the printer draws otherwise; elements without any are left out. A pixel where
 * elements overlap counts for each.
 */
export function differencesByElement(
  diff: Pixels,
  elements: readonly Pick<LaidOutElement, 'id' | 'box' | 'rotation'>[],
  dpi: number,
): { id: string; changed: number }[] {
  const counts: { id: string; changed: number }[] = [];
  for (const element of elements) {
    const bounds = rotatedBounds(element.box, element.rotation);
    const left = Math.max(0, Math.floor(pointsToDots(bounds.x, dpi)));
    const top = Math.max(0, Math.floor(pointsToDots(bounds.y, dpi)));
    const right = Math.min(diff.width, Math.ceil(pointsToDots(bounds.x + bounds.width, dpi)));
    const bottom = Math.min(diff.height, Math.ceil(pointsToDots(bounds.y + bounds.height, dpi)));
    let changed = 0;
    for (let y = top; y < bottom; y += 1)
      for (let x = left; x < right; x += 1) if (differs(diff.data, (y * diff.width + x) * 4)) changed += 1;
    if (changed > 0) counts.push({ id: element.id, changed });
  }
  return counts;
}

/** Darkness (~SD) steps that spread a printed dot's ink by about one more dot, either way from the usual setting. */
const DARKNESS_STEPS_PER_DOT = 7.5;
/** The setting at which a thermal printer's dots print their own size (Zebra's range is 0-30). */
const NOMINAL_DARKNESS = 15;

/**
 * How many dots ink spreads (positive: bolder bars and strokes) or shrinks (negative) at a printer's darkness: an
 * approximation for the preview, not a measurement of any one printer (docs/editor.md, "Printer truth"). null: the printer's own.
 */
export function darknessSpread(darkness: number | null): number {
  // `+ 0`: no negative zero for a setting just under the usual one.
  return darkness === null ? 0 : Math.trunc((darkness - NOMINAL_DARKNESS) / DARKNESS_STEPS_PER_DOT) + 0;
}

/**
 * The printed dots with their ink grown (spread > 0) or thinned (spread < 0) by `spread` dots in every direction:
 * a dot is inked when any (growing) or every (thinning) dot within that square is. Black on white.
 */
export function withDarkness(printed: Pixels, spread: number): Pixels {
  if (spread === 0) return printed;
  const { width, height } = printed;
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i += 1) ink[i] = isInk(printed.data, i * 4) ? 1 : 0;
  const reach = Math.abs(spread);
  const grow = spread > 0;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // Growing: any inked dot near makes ink; thinning: any paper dot near (the edge counts as paper) makes paper.
      let inked = !grow;
      for (let dy = -reach; dy <= reach && inked !== grow; dy += 1) {
        for (let dx = -reach; dx <= reach; dx += 1) {
          const [nx, ny] = [x + dx, y + dy];
          const near = nx >= 0 && ny >= 0 && nx < width && ny < height && ink[ny * width + nx] === 1;
          if (near === grow) {
            inked = grow;
            break;
          }
        }
      }
      const value = inked ? 0 : 255;
      data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}
