// The printer the designer draws for: a configured printer (its resolution and media), or none and a picked resolution.
import type { EditorPrinter } from '../../../src-shared/api/editorPrinters';
import { DEFAULT_ZPL_DPI, type ZplDpi } from '../../../src-shared/render/outputFormats';

type PrinterFacts = Pick<EditorPrinter, 'id' | 'dpi' | 'media' | 'darkness'>;

export interface CanvasTarget {
  /** The printer chosen in the editor; null: none, `dpi` is the picked resolution. */
  printerId: string | null;
  /** The resolution the canvas lays out for: the chosen printer's, else the picked one. */
  dpi: ZplDpi;
  /** The chosen printer's media size; null: the label's own size. */
  media: EditorPrinter['media'];
  /** The chosen printer's darkness (~SD, 0-30); null: its own setting, or no printer. */
  darkness: number | null;
}

/** The commonest thermal printer, until the user says otherwise. */
export const DEFAULT_CANVAS_TARGET: CanvasTarget = { printerId: null, dpi: DEFAULT_ZPL_DPI, media: null, darkness: null };

const sameMedia = (a: EditorPrinter['media'], b: EditorPrinter['media']) => a?.width === b?.width && a?.height === b?.height;

/**
 * The target once the printers are known: a chosen printer lends its resolution and media (it may have been edited since
 * it was chosen); a printer that is gone leaves its resolution picked, so the canvas does not jump. Unchanged: the same object.
 */
export function syncCanvasTarget(target: CanvasTarget, printers: readonly PrinterFacts[]): CanvasTarget {
  if (target.printerId === null) return target;
  const printer = printers.find((candidate) => candidate.id === target.printerId);
  if (!printer) return { printerId: null, dpi: target.dpi, media: null, darkness: null };
  const same = printer.dpi === target.dpi && sameMedia(printer.media, target.media) && printer.darkness === target.darkness;
  return same ? target : { printerId: printer.id, dpi: printer.dpi, media: printer.media, darkness: printer.darkness };
}

/** The printer chosen by id (null: none, keep the resolution). */
export function choosePrinter(target: CanvasTarget, printerId: string | null, printers: readonly PrinterFacts[]): CanvasTarget {
  return syncCanvasTarget({ printerId, dpi: target.dpi, media: null, darkness: null }, printers);
}
