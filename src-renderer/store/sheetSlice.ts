// The records file the data panel loaded for the open template (a sheet or CSV): its columns and rows, and the record the canvas shows. Not document history.
import type { StateCreator } from 'zustand';
import type { LabelData } from '@shared/layout/layoutLabel';
import type { EditorState } from './editorState';

export interface LoadedSheet {
  fileName: string;
  /** The sheet read; null for a CSV file. */
  sheet: string | null;
  /** The workbook's sheets (empty for CSV): the panel offers the others. */
  sheetNames: string[];
  /** The row naming the columns, 1-based (rows above it, a title, are skipped): the CLI's --header-row. */
  headerRow: number;
  columns: string[];
  /** The rows below the header, cells as text (not yet mapped to the template's fields). */
  records: LabelData[];
}

/** A template's loaded sheet and the record it shows, kept while another template is open. */
export interface TemplateSheet {
  sheet: LoadedSheet;
  sheetIndex: number;
}

export interface SheetSlice {
  /**
   * The open template's sheet: while one is loaded, the canvas and previews show its records (mapped) instead of the
   * sample records. A sheet belongs to the template it was loaded for: opening another template puts it aside (see
   * sheetsAside) and shows that template's own, if it had one, so no template prints another's records.
   */
  sheet: LoadedSheet | null;
  /** The record shown, 0-based (the panel says "Record N", 1-based). */
  sheetIndex: number;
  /** Sheets of saved templates that are not open, by template id. A template not saved yet keeps none. */
  sheetsAside: Readonly<Record<string, TemplateSheet>>;
  loadSheet(sheet: LoadedSheet): void;
  closeSheet(): void;
  selectSheetRecord(index: number): void;
}

export const createSheetSlice: StateCreator<EditorState, [], [], SheetSlice> = (set) => ({
  sheet: null,
  sheetIndex: 0,
  sheetsAside: {},
  loadSheet: (sheet) => set({ sheet, sheetIndex: 0 }),
  closeSheet: () => set({ sheet: null, sheetIndex: 0 }),
  selectSheetRecord: (index) =>
    set((state) => (state.sheet && index >= 0 && index < state.sheet.records.length ? { sheetIndex: index } : {})),
});

/**
 * The sheet state when the open template changes from `leaving` to `opening` (template ids, null for one not saved):
 * the leaving template's sheet is put aside under its id, and the opening one's taken back.
 */
export function sheetsWhenOpening(
  state: Pick<SheetSlice, 'sheet' | 'sheetIndex' | 'sheetsAside'>,
  leaving: string | null,
  opening: string | null,
): Pick<SheetSlice, 'sheet' | 'sheetIndex' | 'sheetsAside'> {
  const aside: Record<string, TemplateSheet> = { ...state.sheetsAside };
  if (leaving !== null) {
    if (state.sheet) aside[leaving] = { sheet: state.sheet, sheetIndex: state.sheetIndex };
    else delete aside[leaving];
  }
  const own = opening === null ? undefined : aside[opening];
  if (opening !== null) delete aside[opening];
  return { sheet: own?.sheet ?? null, sheetIndex: own?.sheetIndex ?? 0, sheetsAside: aside };
}
