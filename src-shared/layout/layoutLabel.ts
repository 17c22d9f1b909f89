// layoutLabel(): binds data, evaluates expressions and conditions, and lays out every element into a LaidOutLabel.
import { sheetPlacement } from '../sheets/sheetLayout';
import type { Element } from '../elements/elementSchema';
import { kindOf } from '../elements/elementKinds';
import { AppError, RenderError } from '../errors';
import { evaluateExpression, isTruthy, toDisplayString, type ExpressionEnv } from '../expr';
import type { FontRegistry } from '../fonts/fontRegistry';
import type { Template } from '../model/template';
import { withPromptValues } from '../model/prompts';
import { RenderPixels } from '../render/renderPixels';
import { toPoints } from '../units/length';
import type { LayoutContext } from './layoutContext';
import type { Box, LaidOutElement, LaidOutLabel, RenderWarning } from './laidOutLabel';
import type { LayoutMemo } from './layoutMemo';
import { missingFieldWarnings } from './missingFields';
import { paintElement } from './paintElement';

export interface LayoutOptions {
  fonts: FontRegistry;
  /** Clock and time zone for now()/formatDate; defaults to the real clock in UTC. */
  env?: ExpressionEnv;
  /** Shared by the labels of one batch of one template: elements whose value repeats are laid out once. */
  memo?: LayoutMemo;
  /** The render's (or batch's) pixel budget; without one the label gets a render's budget of its own. */
  pixels?: RenderPixels;
  /**
   * FIELD_MISSING for each field an element shows that the data leaves empty. Batches ask for it (a sheet's row that
   * misses a value is a wrong label); one label's render and the editor's canvas do not (a design has no data yet).
   */
  warnMissingFields?: boolean;
  /**
   * The resolution the label is laid out for, dots per inch (docs/template-format.md, "Barcode sizing"): the printer's for ZPL and print
   * jobs, the PNG's, the PDF's and HTML's `dpi`. Barcode modules are whole dots of it. Default 300, /v1/render's dpi.
   */
  targetDpi?: number;
}

/** The target of a layout that names none: /v1/render's default dpi of png, pdf and html. */
export const DEFAULT_TARGET_DPI = 300;

export type LabelData = Record<string, unknown>;

const DEFAULT_ENV: ExpressionEnv = { now: () => new Date() };

/**
 * Variables of contentExpression and condition: the data's top-level keys, and `data` itself.
 * A null-prototype object, so a data key named like an Object.prototype member is just a key.
 */
function topLevelScope(data: LabelData): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, data, { data });
}

function evaluateFor(
  element: Element,
  what: string,
  source: string,
  variables: Record<string, unknown>,
  env: ExpressionEnv,
): unknown {
  try {
    return evaluateExpression(source, variables, env);
  } catch (error) {
    if (error instanceof AppError)
      throw new RenderError(`${what} of element "${element.id}" failed: ${error.message}`, element.id);
    throw error;
  }
}

/** The element's value: content.expression (sees `data`), else contentExpression (top-level keys), else content.text. */
function elementContent(
  element: Element,
  data: LabelData,
  fields: () => Record<string, unknown>,
  env: ExpressionEnv,
): string | undefined {
  if (!('content' in element || 'contentExpression' in element)) return undefined;
  if (element.content?.expression !== undefined) {
    return toDisplayString(evaluateFor(element, 'content.expression', element.content.expression, { data }, env));
  }
  if (element.contentExpression !== undefined) {
    return toDisplayString(evaluateFor(element, 'contentExpression', element.contentExpression, fields(), env));
  }
  return element.content?.text;
}

/** Boxes in points by element: templates are parsed once and laid out many times (batches, cached stored templates). */
const boxes = new WeakMap<Element, Box>();

function boxOf(element: Element): Box {
  let box = boxes.get(element);
  if (box === undefined) {
    box = {
      x: toPoints(element.position.x),
      y: toPoints(element.position.y),
      width: toPoints(element.width),
      height: toPoints(element.height),
    };
    boxes.set(element, box);
  }
  return box;
}

export function layoutLabel(template: Template, given: LabelData, options: LayoutOptions): LaidOutLabel {
  // Binding starts with the prompted fields: their defaults fill what the data leaves empty.
  const data = withPromptValues(template.prompts, given);
  const env = options.env ?? DEFAULT_ENV;
  const { memo } = options;
  const targetDpi = options.targetDpi ?? DEFAULT_TARGET_DPI;
  // One scope for all of the label's expressions: evaluation never writes to its variables.
  let scope: Record<string, unknown> | undefined;
  const fields = (): Record<string, unknown> => (scope ??= topLevelScope(data));
  const warnings: RenderWarning[] = [];
  // With a memo the value is known before the layout step asks for it: it is the memo's key.
  let value: string | undefined;
  const ctx: LayoutContext = {
    fonts: options.fonts,
    env,
    content: memo ? () => value : (element) => elementContent(element, data, fields, env),
    warn: (warning) => warnings.push(warning),
    pixels: options.pixels ?? new RenderPixels(),
    targetDpi,
  };
  const elements: LaidOutElement[] = [];
  for (const element of template.elements) {
    if (
      element.condition !== undefined &&
      !isTruthy(evaluateFor(element, 'condition', element.condition, fields(), env))
    )
      continue;
    if (options.warnMissingFields) warnings.push(...missingFieldWarnings(element, data));
    if (memo) value = elementContent(element, data, fields, env);
    const known = memo?.get(element, value, targetDpi);
    if (known) {
      warnings.push(...known.warnings);
      if (known.laidOut) elements.push(known.laidOut);
      continue;
    }
    const box = boxOf(element);
    const warned = warnings.length;
    const drawn = kindOf(element).layout(element, box, ctx);
    // White blended by difference is what inverts: the element's own colours do not matter once it is reversed.
    const laidOut = drawn && element.reverse ? { ...paintElement(drawn, '#ffffff'), reverse: true } : drawn;
    memo?.set(element, value, targetDpi, { laidOut, warnings: warnings.slice(warned) });
    if (laidOut) elements.push(laidOut);
  }
  const { sheet } = template.dimensions;
  return {
    width: toPoints(template.dimensions.width),
    height: toPoints(template.dimensions.height),
    elements,
    warnings,
    ...(sheet ? { sheet: sheetPlacement(sheet) } : {}),
  };
}
