// The image element: a PNG or JPEG fitted into its box, as one descriptor: its schema, its layout step and its drawing in every format.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ElementKind } from '../elementKind';
import { emitImagePdf } from './emitImagePdf';
import { emitImageSvg } from './emitImageSvg';
import { emitImageZpl } from './emitImageZpl';
import { layoutImage } from './layoutImage';
import { imageElementSchema } from './imageSchema';

export const imageKind = {
  schema: imageElementSchema,
  layout: layoutImage,
  emit: {
    pdf: emitImagePdf,
    svg: emitImageSvg,
    zpl: emitImageZpl,
  },
} satisfies ElementKind<typeof imageElementSchema, LaidOutOf<'image'>>;
