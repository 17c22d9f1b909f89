// What an element's layout step gets from layoutLabel(): fonts, the data, expressions, the warning list, the pixel budget and the target's resolution.
import type { Element } from '../elements/elementSchema';
import type { FontRegistry } from '../fonts/fontRegistry';
import type { ExpressionEnv } from '../expr';
import type { RenderPixels } from '../render/renderPixels';
import type { Box, RenderWarning } from './laidOutLabel';

export interface LayoutContext {
  fonts: FontRegistry;
  env: ExpressionEnv;
  /** The element's value from content.expression, contentExpression or content.text, as a string; undefined when none is set. */
  content(element: Element): string | undefined;
  warn(warning: RenderWarning): void;
  /** The render's pixel budget: images are read through it, each distinct one once. */
  pixels: RenderPixels;
  /** Resolution of the output the layout is for (printer dots or PNG pixels per inch): barcode modules are whole dots of it. */
  targetDpi: number;
}

/**
 * One element kind's layout step: a template element in its box to positioned primitives (null: draws nothing). `E` is
 * the kind's own element type (its schema's), not ElementOf<T>: Element is built from the kinds' schemas, so a kind's
 * declared types must not refer back to it.
 */
export type ElementLayout<E extends { type: string }, L> = (element: E, box: Box, ctx: LayoutContext) => L | null;
