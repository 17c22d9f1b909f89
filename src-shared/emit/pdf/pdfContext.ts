// What a PDF element emitter gets: the pdfkit document (origin top-left, points) and the embedded fonts.
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement } from '../../layout/laidOutLabel';
import type { RenderPixels } from '../../render/renderPixels';

export interface PdfEmitContext {
  doc: PDFKit.PDFDocument;
  fonts: FontRegistry;
  /** The render's pixels, whose cache keeps what pdfkit makes of an image between documents. */
  pixels: RenderPixels;
  /** Selects an embedded face (registered once per document) at a size. */
  useFont(key: FontFaceKey, fontSize: number): void;
}

/** Draws one element; the document writer has already turned the page for the element's rotation. */
export type PdfElementEmitter<T extends LaidOutElement> = (element: T, ctx: PdfEmitContext) => void;
