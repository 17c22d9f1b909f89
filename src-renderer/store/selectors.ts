// Derived values of the editor state; each returns a stable reference while its inputs are unchanged (safe for useStore).
import type { LabelData } from '@shared/layout/layoutLabel';
import { lengthToPoints, templateUnit, type LengthUnit } from '../editor/units';
import type { EditorState } from './editorState';
import { EMPTY_DATA } from './sampleDataSlice';
import { draftFields, mappedRecords } from './sheetMapping';
import type { LoadedSheet } from './sheetSlice';
import type { ElementDraft } from './templateDraft';

/** Remembers the last result per input tuple, so a selector building arrays or objects hands back the same one. */
function memoise<A extends readonly unknown[], R>(compute: (...args: A) => R): (...args: A) => R {
  let lastArgs: A | undefined;
  let lastResult: R;
  return (...args) => {
    if (!lastArgs || args.length !== lastArgs.length || args.some((arg, index) => arg !== lastArgs?.[index])) {
      lastResult = compute(...args);
      lastArgs = args;
    }
    return lastResult;
  };
}

export const selectTemplate = (state: EditorState) => state.template;
export const selectElements = (state: EditorState) => state.template.elements;
export const selectSelectedIds = (state: EditorState) => state.selectedIds;
export const selectCanUndo = (state: EditorState) => state.past.length > 0 && state.gestureBase === null;
export const selectCanRedo = (state: EditorState) => state.future.length > 0 && state.gestureBase === null;
/** Unsaved edits of the template or of its sample records (both are saved together). */
export const selectIsDirty = (state: EditorState) =>
  state.template !== state.savedTemplate || state.samples !== state.savedSamples;
export const selectTemplateUnit = (state: EditorState): LengthUnit => templateUnit(state.template);
/** One shared empty list: a selector's new array at every call would render its components for ever. */
const NO_RECORDS: readonly LabelData[] = Object.freeze([]);
const sheetRecords = memoise((fields: string, columnMap: Record<string, string> | undefined, sheet: LoadedSheet) =>
  mappedRecords(fields === '' ? [] : fields.split('\n'), columnMap, sheet),
);
/**
 * The loaded sheet's records, mapped to the template's fields (empty without a sheet): mapped again only when the
 * fields or the mapping change, not at every edit of the label.
 */
export const selectSheetRecords = (state: EditorState): readonly LabelData[] =>
  state.sheet
    ? sheetRecords(draftFields(state.template).join('\n'), state.template.meta.columnMap, state.sheet)
    : NO_RECORDS;
/** The record the canvas shows: the sheet's current record while a sheet is loaded, else the current sample record. */
export const selectSampleData = (state: EditorState): LabelData =>
  state.sheet
    ? (selectSheetRecords(state)[state.sheetIndex] ?? EMPTY_DATA)
    : (state.samples[state.sampleIndex]?.data ?? EMPTY_DATA);

const selectedElements = memoise((elements: readonly ElementDraft[], ids: readonly string[]): ElementDraft[] => {
  const chosen = new Set(ids);
  return elements.filter((element) => chosen.has(element.id));
});
/** The selected elements in drawing order. */
export const selectSelectedElements = (state: EditorState): ElementDraft[] =>
  selectedElements(state.template.elements, state.selectedIds);

/** The one selected element (for an inspector), undefined for none or several. */
export const selectSingleSelected = (state: EditorState): ElementDraft | undefined => {
  const selected = selectSelectedElements(state);
  return selected.length === 1 ? selected[0] : undefined;
};

const labelSize = memoise((width: unknown, height: unknown) => ({
  width: lengthToPoints(width) ?? 0,
  height: lengthToPoints(height) ?? 0,
}));
/** The label's size in points (0 while a dimension is not a valid length). */
export const selectLabelSize = (state: EditorState): { width: number; height: number } =>
  labelSize(state.template.dimensions?.width, state.template.dimensions?.height);

/** The label's safe margin in points, 0 when none is set. */
export const selectSafeMargin = (state: EditorState): number =>
  lengthToPoints(state.template.dimensions?.safeMargin) ?? 0;
