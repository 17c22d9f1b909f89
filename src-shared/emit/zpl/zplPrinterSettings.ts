// A printer's configured darkness, speed, media size and media handling as a small ZPL settings format: sent ahead of
// each job's labels, and read ahead of them by the editor's printer view, so both see the same commands.
import type { ZplDpi } from '../../render/outputFormats';
import { pointsToDots, toPoints } from '../../units/length';

/** ^MT: direct thermal (heat-sensitive media, no ribbon) or thermal transfer (a ribbon). */
export const MEDIA_TYPES = ['direct-thermal', 'thermal-transfer'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
/** ^MM: what the printer does after each label (the names ~HS reports the mode by). */
export const PRINT_MODES = ['tear-off', 'peel-off', 'cutter', 'rewind'] as const;
export type PrintMode = (typeof PRINT_MODES)[number];
/** ^MN: how the printer finds where a label starts: the gap (or notch) between labels, a black mark, or not at all. */
export const MEDIA_SENSING_MODES = ['gap', 'mark', 'continuous'] as const;
export type MediaSensing = (typeof MEDIA_SENSING_MODES)[number];

const MEDIA_TYPE_LETTER: Record<MediaType, string> = { 'direct-thermal': 'D', 'thermal-transfer': 'T' };
const PRINT_MODE_LETTER: Record<PrintMode, string> = { 'tear-off': 'T', 'peel-off': 'P', cutter: 'C', rewind: 'R' };
/** Y is "non-continuous, web sensing", the gap mode every ZPL printer knows (W, its newer name, is not on older firmware). */
const MEDIA_SENSING_LETTER: Record<MediaSensing, string> = { gap: 'Y', mark: 'M', continuous: 'N' };

/** ^LT's range in dot rows, and ^LS's in dots, as the ZPL manual gives them. */
export const ZPL_LABEL_TOP_MAX_DOTS = 120;
export const ZPL_LABEL_SHIFT_MAX_DOTS = 9999;

export interface ZplPrinterSettings {
  dpi: ZplDpi;
  /** The default media size as lengths with a unit; null: the printer's own. */
  media: { width: string; height: string } | null;
  darkness: number | null;
  speed: number | null;
  mediaType: MediaType | null;
  printMode: PrintMode | null;
  mediaSensing: MediaSensing | null;
  /** Lengths with a unit and a sign ("1mm", "-0.5mm"): positive moves the whole print down (top) or right (left). */
  topOffset: string | null;
  leftOffset: string | null;
}

/** A length (a signed one for offsets) in whole dots at the printer's resolution. */
export function lengthInDots(length: string, dpi: number): number {
  // `+ 0`: a small negative offset rounds to 0, not -0.
  return Math.round(pointsToDots(toPoints(length), dpi)) + 0;
}

/**
 * `^XA~SD…^PR…^MT…^MM…^MN…^PW…^LL…^LT…^LS…^XZ` for the settings that are set, or '' when none is. A format of its
 * own, not merged into the labels: it needs no parsing of the labels' ZPL (ours or any passed through later), and the
 * printer keeps these settings for the formats that follow, while a label's own ^PW/^LL (emitZpl writes its
 * template's size) still win for that label. A format without fields prints nothing.
 *
 * Darkness is ~SD, the absolute 00–30 setting the 0–30 option means; ^MD would add to whatever the front panel says.
 * The left offset is ^LS with the sign turned: ^LS shifts the print left, the setting says how far it moves right.
 */
export function zplSettingsFormat(settings: ZplPrinterSettings): string {
  const { dpi, media, darkness, speed, mediaType, printMode, mediaSensing, topOffset, leftOffset } = settings;
  const commands: string[] = [];
  if (darkness !== null) commands.push(`~SD${String(darkness).padStart(2, '0')}`);
  if (speed !== null) commands.push(`^PR${speed}`);
  if (mediaType !== null) commands.push(`^MT${MEDIA_TYPE_LETTER[mediaType]}`);
  if (printMode !== null) commands.push(`^MM${PRINT_MODE_LETTER[printMode]}`);
  if (mediaSensing !== null) commands.push(`^MN${MEDIA_SENSING_LETTER[mediaSensing]}`);
  if (media !== null) commands.push(`^PW${lengthInDots(media.width, dpi)}`, `^LL${lengthInDots(media.height, dpi)}`);
  if (topOffset !== null) commands.push(`^LT${lengthInDots(topOffset, dpi)}`);
  if (leftOffset !== null) commands.push(`^LS${-lengthInDots(leftOffset, dpi) + 0}`);
  return commands.length === 0 ? '' : `^XA${commands.join('')}^XZ\n`;
}
