// The records file the data panel loaded (a sheet or CSV): its columns and rows, and the record the canvas shows. Not document history.
import type { StateCreator } from 'zustand';
import type { LabelData } from '../../src-shared/layout/layoutLabel';
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

export interface SheetSlice {
  /** While a sheet is loaded, the canvas and previews show its records (mapped) instead of the sample records. */
  sheet: LoadedSheet | null;
  /** The record shown, 0-based (the panel says "Record N", 1-based). */
  sheetIndex: number;
  loadSheet(sheet: LoadedSheet): void;
  closeSheet(): void;
  selectSheetRecord(index: number): void;
}

export const createSheetSlice: StateCreator<EditorState, [], [], SheetSlice> = (set) => ({
  sheet: null,
  sheetIndex: 0,
  loadSheet: (sheet) => set({ sheet, sheetIndex: 0 }),
  closeSheet: () => set({ sheet: null, sheetIndex: 0 }),
  selectSheetRecord: (index) => set((state) => (state.sheet && index >= 0 && index < state.sheet.records.length ? { sheetIndex: index } : {})),
});
