// The image element in the editor, as one descriptor: its canvas node, its inspector panel and a new one's defaults.
import { POINTS_PER_UNIT } from '../../editor/units';
import type { EditorKind } from '../editorKind';
import { ImageInspector } from './ImageInspector';
import { ImageNode } from './ImageNode';

const MM = POINTS_PER_UNIT.mm;

/** A light grey pixel: an image element needs a source to be valid; the designer replaces it. */
const PLACEHOLDER_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4AWO4cuUGAAUAAoGW+851AAAAAElFTkSuQmCC';

export const imageEditorKind: EditorKind<'image'> = {
  name: 'Image',
  Node: ImageNode,
  Inspector: ImageInspector,
  defaults: { width: 20 * MM, height: 20 * MM, fields: { src: PLACEHOLDER_IMAGE, fit: 'contain' } },
};
