// The printer the designer draws for: a configured printer (its resolution), or none and a picked resolution.
import type { EditorPrinter } from '../../../src-shared/api/editorPrinters';
import { DEFAULT_ZPL_DPI, type ZplDpi } from '../../../src-shared/render/outputFormats';

export interface CanvasTarget {
  /** The printer chosen in the editor; null: none, `dpi` is the picked resolution. */
  printerId: string | null;
  /** The resolution the canvas lays out for: the chosen printer's, else the picked one. */
  dpi: ZplDpi;
}

/** The commonest thermal printer, until the user says otherwise. */
export const DEFAULT_CANVAS_TARGET: CanvasTarget = { printerId: null, dpi: DEFAULT_ZPL_DPI };

/**
 * The target once the printers are known: a chosen printer lends its resolution (it may have been edited since it was
 * chosen); a printer that is gone leaves its resolution picked, so the canvas does not jump. Unchanged: the same object.
 */
export function syncCanvasTarget(target: CanvasTarget, printers: readonly Pick<EditorPrinter, 'id' | 'dpi'>[]): CanvasTarget {
  if (target.printerId === null) return target;
  const printer = printers.find((candidate) => candidate.id === target.printerId);
  if (!printer) return { printerId: null, dpi: target.dpi };
  return printer.dpi === target.dpi ? target : { printerId: printer.id, dpi: printer.dpi };
}

/** The printer chosen by id (null: none, keep the resolution). */
export function choosePrinter(target: CanvasTarget, printerId: string | null, printers: readonly Pick<EditorPrinter, 'id' | 'dpi'>[]): CanvasTarget {
  return syncCanvasTarget({ printerId, dpi: target.dpi }, printers);
}
