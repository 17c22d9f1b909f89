import { describe, expect, it } from 'vitest';
import { mergePatch } from '../../store/templateDraft';
import { contentView, expressionPatch, switchToExpression, switchToText } from './contentMode';
import { previewExpression } from './expressionPreview';

describe('content mode', () => {
  it('reads the source the layout would use first', () => {
    expect(contentView({ content: { text: 'Hi', expression: 'data.a' }, contentExpression: 'b' })).toEqual({
      mode: 'expression',
      source: 'data.a',
      key: 'content.expression',
      scope: 'data',
    });
    expect(contentView({ content: { text: 'Hi' }, contentExpression: 'b' })).toMatchObject({
      mode: 'expression',
      key: 'contentExpression',
      scope: 'fields',
    });
    expect(contentView({ content: { text: 'Hi' } })).toEqual({ mode: 'text', text: 'Hi' });
    expect(contentView({})).toEqual({ mode: 'text', text: '' });
  });

  it('switches to an expression that shows the same text, and back', () => {
    const element = { id: 't', content: { text: 'Say "hi"' } };
    const toExpression = mergePatch(element, switchToExpression(element)) as { contentExpression?: string };
    expect(toExpression).toEqual({ id: 't', contentExpression: '"Say \\"hi\\""' });
    expect(previewExpression(toExpression.contentExpression ?? '', {}, 'fields')).toMatchObject({ text: 'Say "hi"' });
    const back = mergePatch(toExpression, switchToText('Say "hi"'));
    expect(back).toEqual({ id: 't', content: { text: 'Say "hi"' } });
    expect(mergePatch({ id: 't', content: { expression: 'data.a' } }, switchToText('x'))).toEqual({
      id: 't',
      content: { text: 'x' },
    });
  });

  it('edits the expression where it lives', () => {
    expect(mergePatch({ content: { expression: 'a' } }, expressionPatch('content.expression', 'data.b'))).toEqual({
      content: { expression: 'data.b' },
    });
    expect(mergePatch({ contentExpression: 'a' }, expressionPatch('contentExpression', 'b'))).toEqual({
      contentExpression: 'b',
    });
  });
});
