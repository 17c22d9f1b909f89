// The editor store's whole state: the union of its slices.
import type { ClipboardSlice } from './clipboardSlice';
import type { DocumentSlice } from './documentSlice';
import type { HistorySlice } from './historySlice';
import type { SampleDataSlice } from './sampleDataSlice';
import type { SelectionSlice } from './selectionSlice';
import type { SheetSlice } from './sheetSlice';
import type { UiSlice } from './uiSlice';
import type { ViewportSlice } from './viewportSlice';

export type EditorState = DocumentSlice &
  HistorySlice &
  SelectionSlice &
  ViewportSlice &
  SampleDataSlice &
  SheetSlice &
  ClipboardSlice &
  UiSlice;
