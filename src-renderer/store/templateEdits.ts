// Pure edits of a template draft: every function returns a new template (or the same one when nothing changes).
import { POINTS_PER_UNIT, rewriteLength, templateUnit, type LengthUnit } from '../editor/units';
import { elementGeometry, type ElementGeometry } from './geometry';
import { mergePatch, type ElementDraft, type ElementPatch, type TemplateDraft } from './templateDraft';
import type { Shift } from './arrange';

export type ZOrderMove = 'forward' | 'backward' | 'front' | 'back';

/** New geometry for one element, in points and degrees; absent fields stay. x/y is the template position. */
export interface GeometryChange extends Partial<ElementGeometry> {
  id: string;
}

function withElements(template: TemplateDraft, elements: ElementDraft[]): TemplateDraft {
  const same =
    elements.length === template.elements.length &&
    elements.every((element, index) => element === template.elements[index]);
  return same ? template : { ...template, elements };
}

export function updateElement(template: TemplateDraft, id: string, patch: ElementPatch): TemplateDraft {
  return withElements(
    template,
    template.elements.map((element) => (element.id === id ? mergePatch(element, patch) : element)),
  );
}

/** Each listed element shifted by its own amount in points; lengths keep their unit (new ones get the template's). */
export function shiftElements(template: TemplateDraft, shifts: ReadonlyMap<string, Shift>): TemplateDraft {
  const unit = templateUnit(template);
  return withElements(
    template,
    template.elements.map((element) => {
      const shift = shifts.get(element.id);
      const geometry = shift && elementGeometry(element);
      if (!shift || !geometry || (shift.dx === 0 && shift.dy === 0)) return element;
      return mergePatch(element, {
        position: {
          x: rewriteLength(element.position.x, geometry.x + shift.dx, unit),
          y: rewriteLength(element.position.y, geometry.y + shift.dy, unit),
        },
      });
    }),
  );
}

export function moveElements(template: TemplateDraft, ids: readonly string[], dx: number, dy: number): TemplateDraft {
  return shiftElements(template, new Map(ids.map((id) => [id, { dx, dy }])));
}

/** Degrees in [0, 360) with two decimals, so a full turn and float noise do not show up in the template. */
export function normaliseRotation(degrees: number): number {
  const turned = Number((((degrees % 360) + 360) % 360).toFixed(2));
  return turned === 360 || turned === 0 ? 0 : turned;
}

export function transformElements(template: TemplateDraft, changes: readonly GeometryChange[]): TemplateDraft {
  const unit = templateUnit(template);
  const byId = new Map(changes.map((change) => [change.id, change]));
  return withElements(
    template,
    template.elements.map((element) => {
      const change = byId.get(element.id);
      if (!change) return element;
      const patch: Record<string, unknown> = {};
      if (change.x !== undefined || change.y !== undefined) {
        patch.position = {
          ...(change.x !== undefined && { x: rewriteLength(element.position.x, change.x, unit) }),
          ...(change.y !== undefined && { y: rewriteLength(element.position.y, change.y, unit) }),
        };
      }
      if (change.width !== undefined) patch.width = rewriteLength(element.width, change.width, unit);
      if (change.height !== undefined) patch.height = rewriteLength(element.height, change.height, unit);
      if (change.rotation !== undefined) patch.rotation = normaliseRotation(change.rotation);
      return mergePatch(element, patch);
    }),
  );
}

export function removeElements(template: TemplateDraft, ids: readonly string[]): TemplateDraft {
  const removed = new Set(ids);
  return withElements(
    template,
    template.elements.filter((element) => !removed.has(element.id)),
  );
}

/** Adds elements on top of everything (the end of the list is drawn last). */
export function appendElements(template: TemplateDraft, elements: readonly ElementDraft[]): TemplateDraft {
  return elements.length === 0 ? template : { ...template, elements: [...template.elements, ...elements] };
}

/** Moves the listed elements one step or all the way up or down the drawing order, keeping their order among themselves. */
export function reorderElements(template: TemplateDraft, ids: readonly string[], move: ZOrderMove): TemplateDraft {
  const chosen = new Set(ids);
  const isChosen = (element: ElementDraft | undefined) => element !== undefined && chosen.has(element.id);
  const elements = [...template.elements];
  if (move === 'front' || move === 'back') {
    const picked = elements.filter(isChosen);
    const others = elements.filter((element) => !isChosen(element));
    return withElements(template, move === 'front' ? [...others, ...picked] : [...picked, ...others]);
  }
  const swap = (i: number, j: number) => {
    [elements[i], elements[j]] = [elements[j] as ElementDraft, elements[i] as ElementDraft];
  };
  // Walking against the direction of travel lets a block of chosen elements hop over one neighbour together.
  if (move === 'forward') {
    for (let i = elements.length - 2; i >= 0; i--)
      if (isChosen(elements[i]) && !isChosen(elements[i + 1])) swap(i, i + 1);
  } else {
    for (let i = 1; i < elements.length; i++) if (isChosen(elements[i]) && !isChosen(elements[i - 1])) swap(i, i - 1);
  }
  return withElements(template, elements);
}

/** `base` if free, else base-2, base-3… ("name-2" continues as "name-3", not "name-2-2"). */
export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  const stem = base.replace(/-\d+$/, '');
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Copies of elements with fresh ids (unique against the template and each other), shifted by (dx, dy) points. */
export function copiesOf(
  template: TemplateDraft,
  elements: readonly ElementDraft[],
  dx: number,
  dy: number,
): ElementDraft[] {
  const taken = new Set(template.elements.map((element) => element.id));
  const unit = templateUnit(template);
  return elements.map((element) => {
    const id = uniqueId(element.id, taken);
    taken.add(id);
    const geometry = elementGeometry(element);
    const position = geometry && {
      x: rewriteLength(element.position.x, geometry.x + dx, unit),
      y: rewriteLength(element.position.y, geometry.y + dy, unit),
    };
    return mergePatch(element, position ? { id, position } : { id });
  });
}

/** How far a duplicate or paste lands from its original: a round step in the template's unit. */
export function copyOffset(unit: LengthUnit): number {
  const offset: Record<LengthUnit, number> = { mm: 2, cm: 0.2, in: 0.1, pt: 6, px: 8 };
  return offset[unit] * POINTS_PER_UNIT[unit];
}
