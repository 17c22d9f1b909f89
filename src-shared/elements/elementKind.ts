// What an element kind is: its template schema, its layout step and its drawing in each output format.
import type { z } from 'zod';
import type { HtmlElementEmitter } from '../emit/html/htmlContext';
import type { PdfElementEmitter } from '../emit/pdf/pdfContext';
import type { SvgElementEmitter } from '../emit/svg/svgContext';
import type { ZplElementEmitter } from '../emit/zpl/zplContext';
import type { ElementLayout } from '../layout/layoutContext';
import type { LaidOutElement } from '../layout/laidOutLabel';

/**
 * One kind's descriptor, exported by `elements/<kind>/index.ts` and listed once in ELEMENT_KINDS. The emit functions
 * get the format writer's context and import only types from `emit/`: the table reaches the editor's engine through
 * the layout, and must not bring a format writer (pdfkit, resvg) with it.
 */
export interface ElementKind<S extends z.ZodType<{ type: string }>, L extends LaidOutElement> {
  /** The kind's template JSON; its `type` literal is the kind's key in ELEMENT_KINDS. */
  schema: S;
  layout: ElementLayout<z.output<S>, L>;
  emit: {
    pdf: PdfElementEmitter<L>;
    /** Also the PNG (the label's SVG rasterised) and, without `html`, the kind's HTML (its SVG in an inline svg). */
    svg: SvgElementEmitter<L>;
    zpl: ZplElementEmitter<L>;
    /** The kind's own HTML where it has one (text as real, selectable text). */
    html?: HtmlElementEmitter<L>;
  };
}
