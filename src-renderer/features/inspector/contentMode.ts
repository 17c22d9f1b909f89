// Literal text or an expression: which one an element's value comes from, and the edits that switch between them.
import type { ElementPatch } from '../../store';
import type { ExpressionScope } from './expressionPreview';

export interface ContentSource {
  content?: { text?: string; expression?: string };
  contentExpression?: string;
}

export type ContentView =
  | { mode: 'text'; text: string }
  /** `key` is where the expression lives; its scope follows (content.expression sees only `data`). */
  | { mode: 'expression'; source: string; key: 'content.expression' | 'contentExpression'; scope: ExpressionScope };

/** The first present wins, as in the layout: content.expression, contentExpression, content.text. */
export function contentView(element: ContentSource): ContentView {
  if (element.content?.expression !== undefined)
    return { mode: 'expression', source: element.content.expression, key: 'content.expression', scope: 'data' };
  if (element.contentExpression !== undefined)
    return { mode: 'expression', source: element.contentExpression, key: 'contentExpression', scope: 'fields' };
  return { mode: 'text', text: element.content?.text ?? '' };
}

/** The element's expression set to `source`, where it already lives. */
export function expressionPatch(key: 'content.expression' | 'contentExpression', source: string): ElementPatch {
  return key === 'content.expression' ? { content: { expression: source } } : { contentExpression: source };
}

export function textPatch(text: string): ElementPatch {
  return { content: { text } };
}

/**
 * To an expression: the literal becomes a quoted string (the label shows the same until it is edited), written as
 * contentExpression, whose names are the data's fields.
 */
export function switchToExpression(element: ContentSource): ElementPatch {
  return { content: undefined, contentExpression: JSON.stringify(element.content?.text ?? '') };
}

/** To literal text: `text` (say the expression's value with the current record) replaces both expressions. */
export function switchToText(text: string): ElementPatch {
  return { content: { text, expression: undefined }, contentExpression: undefined };
}
