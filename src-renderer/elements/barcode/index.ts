// The barcode element in the editor, as one descriptor: its canvas node, its inspector panel and a new one's defaults.
import { POINTS_PER_UNIT } from '../../editor/units';
import type { EditorKind } from '../editorKind';
import { BarcodeInspector } from './BarcodeInspector';
import { BarcodeNode } from './BarcodeNode';

const MM = POINTS_PER_UNIT.mm;

export const barcodeEditorKind: EditorKind<'barcode'> = {
  name: 'Barcode',
  Node: BarcodeNode,
  Inspector: BarcodeInspector,
  defaults: { width: 40 * MM, height: 15 * MM, fields: { symbology: 'code128', content: { text: '1234567890' } } },
};
