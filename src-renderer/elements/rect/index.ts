// The rectangle element in the editor, as one descriptor: its canvas node, its inspector panel and a new one's defaults.
import { POINTS_PER_UNIT } from '../../editor/units';
import type { EditorKind } from '../editorKind';
import { RectInspector } from './RectInspector';
import { RectNode } from './RectNode';

const MM = POINTS_PER_UNIT.mm;

export const rectEditorKind: EditorKind<'rect'> = {
  name: 'Rectangle',
  Node: RectNode,
  Inspector: RectInspector,
  defaults: { width: 30 * MM, height: 20 * MM, fields: { style: { strokeWidth: '1pt' } } },
};
