// The template being edited and every edit of it; each action that changes the template is one undo step.
import { sheetsWhenOpening } from './sheetSlice';
import type { StateCreator } from 'zustand';
import type { ElementType } from '@shared/elements/elementSchema';
import { nudgeStep, templateUnit } from '../editor/units';
import { alignShifts, distributeShifts, type AlignEdge, type DistributeAxis, type Placed } from './arrange';
import { newElement, type ElementDefaults } from './elementDefaults';
import { freeSpot } from './placement';
import type { EditorState } from './editorState';
import { elementBounds, unionBox, type Point } from './geometry';
import { documentChange } from './historySlice';
import { selectLabelSize, selectSelectedElements } from './selectors';
import {
  mergePatch,
  BLANK_TEMPLATE,
  type ElementDraft,
  type ElementPatch,
  type TemplateDraft,
  type TemplatePatch,
} from './templateDraft';
import {
  appendElements,
  copiesOf,
  copyOffset,
  moveElements,
  removeElements,
  reorderElements,
  shiftElements,
  transformElements,
  uniqueId,
  updateElement,
  type GeometryChange,
  type ZOrderMove,
} from './templateEdits';

export type DocumentStatus = 'draft' | 'published';

/** Where the template lives on the server; null for a template not saved yet. */
export interface DocumentInfo {
  id: string | null;
  slug: string | null;
  status: DocumentStatus | null;
  /** The newest published version; null before the first publish. */
  latestVersion: number | null;
  /** The saved draft differs from the newest version: API keys do not see the draft until it is published. */
  draftChanged: boolean;
}

export type NudgeDirection = 'left' | 'right' | 'up' | 'down';

export interface DocumentSlice {
  template: TemplateDraft;
  documentInfo: DocumentInfo;
  /** The template as last loaded or saved: the document is dirty while `template` is another object. */
  savedTemplate: TemplateDraft;
  /** Opens a template: history, selection and gesture start afresh. */
  loadDocument(template: TemplateDraft, info?: Partial<DocumentInfo>): void;
  setDocumentInfo(info: Partial<DocumentInfo>): void;
  /** The current template is what the server has now. */
  markSaved(): void;
  /** Meta and dimensions, merged like an element patch. */
  updateTemplate(patch: TemplatePatch): void;
  /**
   * A new element of the type, made of its kind's defaults (EDITOR_KINDS[type].defaults), centred at `at` (points;
   * default: where there is room), selected; returns its id.
   */
  addElement(type: ElementType, defaults: ElementDefaults, at?: Point, init?: ElementPatch): string;
  /** Changes one element in template terms; renaming its id keeps it selected. */
  updateElement(id: string, patch: ElementPatch): void;
  /** Moves elements by (dx, dy) points; each length keeps its unit. */
  moveElements(ids: readonly string[], dx: number, dy: number): void;
  /** Sets position, size and rotation in points and degrees (resize and rotate, the transformer's result). */
  transformElements(changes: readonly GeometryChange[]): void;
  deleteSelection(): void;
  /** Copies of the selection, a little offset, on top; the copies become the selection. */
  duplicateSelection(): void;
  bringForward(): void;
  sendBackward(): void;
  bringToFront(): void;
  sendToBack(): void;
  /** Several elements align to their common bounds, a single one to the label. */
  alignSelection(edge: AlignEdge): void;
  /** Equal gaps between three or more elements. */
  distributeSelection(axis: DistributeAxis): void;
  /** Arrow keys: 0.1 mm / 0.01 in / 1 pt, ten times that when `large`. */
  nudgeSelection(direction: NudgeDirection, large?: boolean): void;
}

const NO_INFO: DocumentInfo = { id: null, slug: null, status: null, latestVersion: null, draftChanged: false };

export const createDocumentSlice: StateCreator<EditorState, [], [], DocumentSlice> = (set, get) => {
  /** One document change (a history step via documentChange), plus whatever else the action sets (say the selection). */
  const change = (
    edit: (template: TemplateDraft, state: EditorState) => TemplateDraft,
    extra: (state: EditorState, template: TemplateDraft) => Partial<EditorState> = () => ({}),
  ) =>
    set((state) => {
      const template = edit(state.template, state);
      return { ...documentChange(state, template), ...extra(state, template) };
    });
  const reorder = (move: ZOrderMove) => change((template, state) => reorderElements(template, state.selectedIds, move));

  return {
    template: BLANK_TEMPLATE,
    documentInfo: NO_INFO,
    savedTemplate: BLANK_TEMPLATE,
    loadDocument: (template, info = {}) =>
      set((state) => {
        const documentInfo = { ...NO_INFO, ...info };
        return {
          template,
          savedTemplate: template,
          documentInfo,
          past: [],
          future: [],
          gestureBase: null,
          selectedIds: [],
          ...sheetsWhenOpening(state, state.documentInfo.id, documentInfo.id),
        };
      }),
    setDocumentInfo: (info) => set((state) => ({ documentInfo: { ...state.documentInfo, ...info } })),
    markSaved: () => set((state) => ({ savedTemplate: state.template })),
    updateTemplate: (patch) => change((template) => mergePatch(template, patch)),
    addElement: (type, defaults, at, init) => {
      const state = get();
      const label = selectLabelSize(state);
      const id = uniqueId(type, new Set(state.template.elements.map((element) => element.id)));
      const unit = templateUnit(state.template);
      const made = (centre: Point) =>
        mergePatch(newElement(type, defaults, id, centre.x, centre.y, unit), { ...init, id });
      const centred = made(at ?? { x: label.width / 2, y: label.height / 2 });
      const size = elementBounds(centred);
      const taken = state.template.elements.map(elementBounds).filter((box) => box !== undefined);
      const element = at || !size ? centred : made(freeSpot(label, size, taken));
      change(
        (template) => appendElements(template, [element]),
        () => ({ selectedIds: [id] }),
      );
      return id;
    },
    updateElement: (id, patch) =>
      change(
        (template) => updateElement(template, id, patch),
        (state) => {
          const renamed = typeof patch.id === 'string' && patch.id !== id ? patch.id : undefined;
          return renamed
            ? { selectedIds: state.selectedIds.map((selected) => (selected === id ? renamed : selected)) }
            : {};
        },
      ),
    moveElements: (ids, dx, dy) => change((template) => moveElements(template, ids, dx, dy)),
    transformElements: (changes) => change((template) => transformElements(template, changes)),
    deleteSelection: () =>
      change(
        (template, state) => removeElements(template, state.selectedIds),
        () => ({ selectedIds: [] }),
      ),
    duplicateSelection: () => {
      const state = get();
      const offset = copyOffset(templateUnit(state.template));
      const copies = copiesOf(state.template, selectSelectedElements(state), offset, offset);
      change(
        (template) => appendElements(template, copies),
        () => ({ selectedIds: copies.map((copy) => copy.id) }),
      );
    },
    bringForward: () => reorder('forward'),
    sendBackward: () => reorder('backward'),
    bringToFront: () => reorder('front'),
    sendToBack: () => reorder('back'),
    alignSelection: (edge) =>
      change((template, state) => {
        const placed = placedSelection(state);
        const label = selectLabelSize(state);
        const reference = placed.length === 1 ? { x: 0, y: 0, ...label } : unionBox(placed.map((item) => item.bounds));
        return reference ? shiftElements(template, alignShifts(placed, edge, reference)) : template;
      }),
    distributeSelection: (axis) =>
      change((template, state) => shiftElements(template, distributeShifts(placedSelection(state), axis))),
    nudgeSelection: (direction, large = false) =>
      change((template, state) => {
        const step = nudgeStep(templateUnit(template), large);
        const [dx, dy] = { left: [-step, 0], right: [step, 0], up: [0, -step], down: [0, step] }[direction];
        return moveElements(template, state.selectedIds, dx ?? 0, dy ?? 0);
      }),
  };
};

/** The selected elements whose lengths can be read, with their bounds on the label. */
function placedSelection(state: EditorState): Placed[] {
  return selectSelectedElements(state).flatMap((element: ElementDraft) => {
    const bounds = elementBounds(element);
    return bounds ? [{ id: element.id, bounds }] : [];
  });
}
