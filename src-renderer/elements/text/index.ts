// The text element in the editor, as one descriptor: its canvas node, its inspector panel and a new one's defaults.
import { POINTS_PER_UNIT } from '../../editor/units';
import type { EditorKind } from '../editorKind';
import { TextInspector } from './TextInspector';
import { TextNode } from './TextNode';

const MM = POINTS_PER_UNIT.mm;

export const textEditorKind: EditorKind<'text'> = {
  name: 'Text',
  Node: TextNode,
  Inspector: TextInspector,
  defaults: { width: 40 * MM, height: 8 * MM, fields: { content: { text: 'Text' }, style: { fontSize: '10pt' } } },
};
