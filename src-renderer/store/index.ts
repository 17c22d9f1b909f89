// The editor store's public face: the store, its state and actions' types, selectors and the pure edit helpers.
export { createEditorStore, editorStore, useEditorStore, type EditorStore } from './editorStore';
export type { EditorState } from './editorState';
export type { DocumentInfo, DocumentStatus, NudgeDirection } from './documentSlice';
export type { GridSettings } from './viewportSlice';
export { MAX_ZOOM, MIN_ZOOM } from './viewportSlice';
export { HISTORY_LIMIT } from './historySlice';
export { sampleTextsOf, withSampleData, withoutSampleData, type SampleRecord } from './sampleDataSlice';
export type { GalleryQuery, Notice, SessionState, SidePanel } from './uiSlice';
export type { AlignEdge, DistributeAxis } from './arrange';
export type { GeometryChange, ZOrderMove } from './templateEdits';
export type { ElementDraft, ElementDraftOf, ElementPatch, TemplateDraft, TemplatePatch } from './templateDraft';
export { BLANK_TEMPLATE } from './templateDraft';
export { elementBounds, elementGeometry, rotatedBounds, type Box, type ElementGeometry, type Point } from './geometry';
export * from './selectors';
