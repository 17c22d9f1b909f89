// The ellipse element in the editor, as one descriptor: its canvas node, its inspector panel and a new one's defaults.
import { POINTS_PER_UNIT } from '../../editor/units';
import type { EditorKind } from '../editorKind';
import { EllipseInspector } from './EllipseInspector';
import { EllipseNode } from './EllipseNode';

const MM = POINTS_PER_UNIT.mm;

export const ellipseEditorKind: EditorKind<'ellipse'> = {
  name: 'Ellipse',
  Node: EllipseNode,
  Inspector: EllipseInspector,
  defaults: { width: 20 * MM, height: 20 * MM, fields: { style: { strokeWidth: '1pt' } } },
};
