// The rectangle element, as one descriptor: its schema, its layout step and its drawing in every format.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ElementKind } from '../elementKind';
import { emitRectPdf } from './emitRectPdf';
import { emitRectSvg } from './emitRectSvg';
import { emitRectZpl } from './emitRectZpl';
import { layoutRect } from './layoutRect';
import { rectElementSchema } from './rectSchema';

export const rectKind = {
  schema: rectElementSchema,
  layout: layoutRect,
  emit: {
    pdf: emitRectPdf,
    svg: emitRectSvg,
    zpl: emitRectZpl,
  },
} satisfies ElementKind<typeof rectElementSchema, LaidOutOf<'rect'>>;
