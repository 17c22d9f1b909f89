// The text element: lines broken, shaped and fitted by the layout; real text in HTML, as one descriptor: its schema, its layout step and its drawing in every format.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ElementKind } from '../elementKind';
import { emitTextHtml } from './emitTextHtml';
import { emitTextPdf } from './emitTextPdf';
import { emitTextSvg } from './emitTextSvg';
import { emitTextZpl } from './emitTextZpl';
import { layoutText } from './layoutText';
import { textElementSchema } from './textSchema';

export const textKind = {
  schema: textElementSchema,
  layout: layoutText,
  emit: {
    pdf: emitTextPdf,
    svg: emitTextSvg,
    zpl: emitTextZpl,
    html: emitTextHtml,
  },
} satisfies ElementKind<typeof textElementSchema, LaidOutOf<'text'>>;
