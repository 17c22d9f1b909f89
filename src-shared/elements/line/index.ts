// The line element, as one descriptor: its schema, its layout step and its drawing in every format.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ElementKind } from '../elementKind';
import { emitLinePdf } from './emitLinePdf';
import { emitLineSvg } from './emitLineSvg';
import { emitLineZpl } from './emitLineZpl';
import { layoutLine } from './layoutLine';
import { lineElementSchema } from './lineSchema';

export const lineKind = {
  schema: lineElementSchema,
  layout: layoutLine,
  emit: {
    pdf: emitLinePdf,
    svg: emitLineSvg,
    zpl: emitLineZpl,
  },
} satisfies ElementKind<typeof lineElementSchema, LaidOutOf<'line'>>;
