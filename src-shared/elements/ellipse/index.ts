// The ellipse element, as one descriptor: its schema, its layout step and its drawing in every format.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ElementKind } from '../elementKind';
import { emitEllipsePdf } from './emitEllipsePdf';
import { emitEllipseSvg } from './emitEllipseSvg';
import { emitEllipseZpl } from './emitEllipseZpl';
import { layoutEllipse } from './layoutEllipse';
import { ellipseElementSchema } from './ellipseSchema';

export const ellipseKind = {
  schema: ellipseElementSchema,
  layout: layoutEllipse,
  emit: {
    pdf: emitEllipsePdf,
    svg: emitEllipseSvg,
    zpl: emitEllipseZpl,
  },
} satisfies ElementKind<typeof ellipseElementSchema, LaidOutOf<'ellipse'>>;
