// The editor's layout: the server's layoutLabel() run element by element, cached, and never throwing while a template is edited.
import type { Element } from '@shared/elements/elementSchema';
import { AppError } from '@shared/errors';
import type { ExpressionEnv } from '@shared/expr';
import type { FontRegistry } from '@shared/fonts/fontRegistry';
import type { Box, LaidOutElement, LaidOutLabel, RenderWarning } from '@shared/layout/laidOutLabel';
import { designWarnings, type DesignTarget } from '@shared/layout/designWarnings';
import { DEFAULT_TARGET_DPI, layoutLabel, type LabelData } from '@shared/layout/layoutLabel';
import { validateTemplate, type Template } from '@shared/model/template';
import { parseLength, toPoints } from '@shared/units/length';

/** A validation problem (path into the template) or an element that could not be laid out (path and elementId). */
export interface CanvasLayoutError {
  path?: string;
  elementId?: string;
  message: string;
}

/** An element the layout refused (say a value its barcode cannot encode): the canvas draws a marker in its box. */
export interface CanvasElementFailure {
  id: string;
  /** The element's box from the template, in points, normalised to a positive size. */
  box: Box;
  rotation: number;
  message: string;
}

export interface CanvasLayout {
  /** What the canvas draws; while the template is invalid, the last valid layout. */
  label: LaidOutLabel;
  failures: CanvasElementFailure[];
  /** Empty when the template is valid and every element laid out. */
  errors: CanvasLayoutError[];
  /** True when the template is invalid and `label` is the last valid layout (or an empty label when there was none). */
  stale: boolean;
}

/**
 * `target`: the printer the design is laid out and checked for (its resolution and unprintable margin); by default the
 * resolution /v1/render lays out for, without a margin. The label's warnings end with the design warnings of the whole label.
 * `counters`: the next value of each counter (what the next live render gives), as the preview numbers the label; without
 * them each counter shows its start.
 */
export type LayoutForCanvas = (
  template: unknown,
  data: LabelData,
  fonts: FontRegistry,
  target?: DesignTarget,
  counters?: Readonly<Record<string, number>>,
) => CanvasLayout;

/**
 * The env the canvas evaluates expressions with: the given clock (the real one by default) and the next value of each
 * counter, so counter() shows what the next live render gives. The inspector's values use the same.
 */
export function canvasEnv(
  env: ExpressionEnv | undefined,
  counters: Readonly<Record<string, number>> | undefined,
): ExpressionEnv | undefined {
  return counters === undefined ? env : { ...(env ?? { now: () => new Date() }), counters };
}

/** Without a printer the canvas is what /v1/render draws by default, and is checked as that. */
export const CANVAS_TARGET: DesignTarget = { targetDpi: DEFAULT_TARGET_DPI };

interface ElementResult {
  element: LaidOutElement | null;
  warnings: RenderWarning[];
  failure?: CanvasElementFailure;
}

/** JSON of each element object the store holds, computed once per object: the store replaces only what changed. */
const elementJson = new WeakMap<object, string>();

function keyOf(element: unknown): string {
  if (typeof element !== 'object' || element === null) return JSON.stringify(element);
  let json = elementJson.get(element);
  if (json === undefined) {
    json = JSON.stringify(element);
    elementJson.set(element, json);
  }
  return json;
}

function templateBox(element: Element): Box {
  const x = toPoints(element.position.x);
  const y = toPoints(element.position.y);
  const width = toPoints(element.width);
  const height = toPoints(element.height);
  return { x: Math.min(x, x + width), y: Math.min(y, y + height), width: Math.abs(width), height: Math.abs(height) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One element through the same layoutLabel() the server runs, so conditions, content and warnings behave identically. */
function layoutElement(
  template: Template,
  element: Element,
  data: LabelData,
  fonts: FontRegistry,
  env: ExpressionEnv | undefined,
  targetDpi: number,
): ElementResult {
  try {
    const label = layoutLabel(
      { ...template, elements: [element] },
      data,
      env ? { fonts, env, targetDpi } : { fonts, targetDpi },
    );
    return { element: label.elements[0] ?? null, warnings: label.warnings };
  } catch (error) {
    // A RenderError is the data's fault; anything else is a bug, but one element's bug must not blank the canvas either.
    const message = error instanceof AppError ? error.message : `layout failed: ${messageOf(error)}`;
    return {
      element: null,
      warnings: [],
      failure: { id: element.id, box: templateBox(element), rotation: element.rotation, message },
    };
  }
}

function lengthOr0(value: unknown): number {
  return typeof value === 'string' && parseLength(value) !== undefined ? toPoints(value) : 0;
}

/** Before any valid layout: an empty label, as large as the dimensions say when they can be read. */
function emptyLabel(template: unknown): LaidOutLabel {
  const dimensions = (template as { dimensions?: { width?: unknown; height?: unknown } } | null)?.dimensions;
  return { width: lengthOr0(dimensions?.width), height: lengthOr0(dimensions?.height), elements: [], warnings: [] };
}

/**
 * A layouter with its own memory: the last valid layout and the results of the elements laid out last time, keyed by
 * the element's JSON (a change to one element lays out only that element again). Data or fonts changing clears it.
 * `env` pins the clock for reproducible tests; the editor uses the real clock.
 */
export function createLayoutForCanvas(options: { env?: ExpressionEnv } = {}): LayoutForCanvas {
  let results = new Map<string, ElementResult>();
  let resultsFor:
    | {
        data: LabelData;
        fonts: FontRegistry;
        targetDpi: number;
        counters: Readonly<Record<string, number>> | undefined;
      }
    | undefined;
  let lastGood: CanvasLayout | undefined;

  const layout = (
    input: unknown,
    data: LabelData,
    fonts: FontRegistry,
    target: DesignTarget,
    counters?: Readonly<Record<string, number>>,
  ): CanvasLayout => {
    const validation = validateTemplate(input);
    if (!validation.ok) {
      return {
        label: lastGood?.label ?? emptyLabel(input),
        failures: lastGood?.failures ?? [],
        errors: validation.errors,
        stale: true,
      };
    }
    if (
      resultsFor?.data !== data ||
      resultsFor.fonts !== fonts ||
      resultsFor.targetDpi !== target.targetDpi ||
      resultsFor.counters !== counters
    ) {
      results = new Map();
      resultsFor = { data, fonts, targetDpi: target.targetDpi, counters };
    }
    const env = canvasEnv(options.env, counters);
    const template = validation.template;
    // A valid template's elements line up one to one with the input's (zod keeps the array order).
    const inputs = (input as { elements: unknown[] }).elements;
    const next = new Map<string, ElementResult>();
    const label: LaidOutLabel = {
      width: toPoints(template.dimensions.width),
      height: toPoints(template.dimensions.height),
      elements: [],
      warnings: [],
    };
    const failures: CanvasElementFailure[] = [];
    const errors: CanvasLayoutError[] = [];
    template.elements.forEach((element, index) => {
      const key = keyOf(inputs[index]);
      const result = results.get(key) ?? layoutElement(template, element, data, fonts, env, target.targetDpi);
      next.set(key, result);
      if (result.element) label.elements.push(result.element);
      label.warnings.push(...result.warnings);
      if (result.failure) {
        failures.push(result.failure);
        errors.push({ path: `elements[${index}]`, elementId: element.id, message: result.failure.message });
      }
    });
    results = next;
    // Elements are laid out one by one; overlaps are between them, so the design is checked on the whole label.
    label.warnings.push(...designWarnings(label, fonts, target));
    lastGood = { label, failures, errors, stale: false };
    return lastGood;
  };

  return (input, data, fonts, target = CANVAS_TARGET, counters) => {
    try {
      return layout(input, data, fonts, target, counters);
    } catch (error) {
      // Validation and layout report their problems as values; this is the last guard of the "never throws" promise.
      return {
        label: lastGood?.label ?? emptyLabel(input),
        failures: lastGood?.failures ?? [],
        errors: [{ message: messageOf(error) }],
        stale: true,
      };
    }
  };
}
