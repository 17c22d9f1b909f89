// The barcode element: symbols encoded into whole modules by the layout, as one descriptor: its schema, its layout step and its drawing in every format.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ElementKind } from '../elementKind';
import { emitBarcodePdf } from './emitBarcodePdf';
import { emitBarcodeSvg } from './emitBarcodeSvg';
import { emitBarcodeZpl } from './emitBarcodeZpl';
import { layoutBarcode } from './layoutBarcode';
import { barcodeElementSchema } from './barcodeSchema';

export const barcodeKind = {
  schema: barcodeElementSchema,
  layout: layoutBarcode,
  emit: {
    pdf: emitBarcodePdf,
    svg: emitBarcodeSvg,
    zpl: emitBarcodeZpl,
  },
} satisfies ElementKind<typeof barcodeElementSchema, LaidOutOf<'barcode'>>;
