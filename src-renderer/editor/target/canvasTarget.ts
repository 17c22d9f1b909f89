// The printer the designer draws for: a configured printer (its resolution, media, darkness, margin and label offsets), or none and a picked resolution.
import { z } from 'zod';
import type { EditorPrinter } from '@shared/api/editorPrinters';
import type { DesignTarget } from '@shared/layout/designWarnings';
import { toPoints, type LengthUnit } from '@shared/units/length';
import { DEFAULT_ZPL_DPI, ZPL_DPIS, type ZplDpi } from '@shared/render/outputFormats';

type PrinterFacts = Pick<
  EditorPrinter,
  'id' | 'dpi' | 'media' | 'darkness' | 'unprintableMargin' | 'topOffset' | 'leftOffset'
>;

export interface CanvasTarget {
  /** The printer chosen in the editor; null: none, `dpi` is the picked resolution. */
  printerId: string | null;
  /** The resolution the canvas lays out for: the chosen printer's, else the picked one. */
  dpi: ZplDpi;
  /** The chosen printer's media size; null: the label's own size. */
  media: EditorPrinter['media'];
  /** The chosen printer's darkness (~SD, 0-30); null: its own setting, or no printer. */
  darkness: number | null;
  /** The chosen printer's unprintable margin ("1mm"), checked by the design warnings; null: none, or no printer. */
  unprintableMargin: string | null;
  /** The chosen printer's label offsets ("1mm", "-0.5mm": down and right), which the printer view applies; null: none. */
  topOffset: string | null;
  leftOffset: string | null;
}

/** No printer chosen: only a resolution. */
export function noPrinter(dpi: ZplDpi): CanvasTarget {
  return {
    printerId: null,
    dpi,
    media: null,
    darkness: null,
    unprintableMargin: null,
    topOffset: null,
    leftOffset: null,
  };
}

/** The commonest thermal printer, until the user says otherwise. */
export const DEFAULT_CANVAS_TARGET: CanvasTarget = noPrinter(DEFAULT_ZPL_DPI);

const sameMedia = (a: EditorPrinter['media'], b: EditorPrinter['media']) =>
  a?.width === b?.width && a?.height === b?.height;

/**
 * The target once the printers are known: a chosen printer lends its facts (it may have been edited since it was
 * chosen); a printer that is gone leaves its resolution picked, so the canvas does not jump. Unchanged: the same object.
 */
export function syncCanvasTarget(target: CanvasTarget, printers: readonly PrinterFacts[]): CanvasTarget {
  if (target.printerId === null) return target;
  const printer = printers.find((candidate) => candidate.id === target.printerId);
  if (!printer) return noPrinter(target.dpi);
  const { id, dpi, media, darkness, unprintableMargin, topOffset, leftOffset } = printer;
  const same =
    dpi === target.dpi &&
    sameMedia(media, target.media) &&
    darkness === target.darkness &&
    unprintableMargin === target.unprintableMargin &&
    topOffset === target.topOffset &&
    leftOffset === target.leftOffset;
  return same ? target : { printerId: id, dpi, media, darkness, unprintableMargin, topOffset, leftOffset };
}

/** The printer chosen by id (null: none, keep the resolution). */
export function choosePrinter(
  target: CanvasTarget,
  printerId: string | null,
  printers: readonly PrinterFacts[],
): CanvasTarget {
  return syncCanvasTarget({ ...noPrinter(target.dpi), printerId }, printers);
}

/** What the design warnings check a label against: a resolution, and a printer's unprintable margin ("1mm") if it has one. */
export function designTarget(dpi: number, unprintableMargin: string | null, unit: LengthUnit): DesignTarget {
  return unprintableMargin
    ? { targetDpi: dpi, unprintableMargin: toPoints(unprintableMargin), unit }
    : { targetDpi: dpi, unit };
}

/** Where the page keeps the last target between visits (the browser's, or the app window's, local storage). */
const REMEMBERED_TARGET_KEY = 'labelsmith.canvasTarget';

const rememberedTargetSchema = z.object({
  printerId: z.string().nullable(),
  dpi: z.union(ZPL_DPIS.map((dpi) => z.literal(dpi))),
  media: z.object({ width: z.string(), height: z.string() }).nullable(),
  darkness: z.number().nullable(),
  unprintableMargin: z.string().nullable(),
  // Kept before printers had offsets: none, until the printers are listed.
  topOffset: z.string().nullable().default(null),
  leftOffset: z.string().nullable().default(null),
});

/**
 * The target the designer drew for last time, so a reload or the next day starts at the same printer (its facts are
 * refreshed once the printers are listed); the default when nothing usable is kept.
 */
export function rememberedCanvasTarget(storage: Pick<Storage, 'getItem'> | undefined): CanvasTarget {
  try {
    const kept = rememberedTargetSchema.safeParse(JSON.parse(storage?.getItem(REMEMBERED_TARGET_KEY) ?? 'null'));
    return kept.success ? kept.data : DEFAULT_CANVAS_TARGET;
  } catch {
    // Unreadable JSON, or storage the page may not use: start from the default.
    return DEFAULT_CANVAS_TARGET;
  }
}

export function rememberCanvasTarget(storage: Pick<Storage, 'setItem'> | undefined, target: CanvasTarget): void {
  try {
    storage?.setItem(REMEMBERED_TARGET_KEY, JSON.stringify(target));
  } catch {
    // A full or forbidden storage only costs remembering the choice.
  }
}
