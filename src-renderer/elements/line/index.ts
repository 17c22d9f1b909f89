// The line element in the editor, as one descriptor: its canvas node, its inspector panel and a new one's defaults.
import { POINTS_PER_UNIT } from '../../editor/units';
import type { EditorKind } from '../editorKind';
import { LineInspector } from './LineInspector';
import { LineNode } from './LineNode';

const MM = POINTS_PER_UNIT.mm;

export const lineEditorKind: EditorKind<'line'> = {
  name: 'Line',
  Node: LineNode,
  Inspector: LineInspector,
  defaults: { width: 30 * MM, height: 0, fields: { style: { strokeWidth: '1pt' } } },
};
