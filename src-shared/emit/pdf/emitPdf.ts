// Writes LaidOutLabels as a PDF with pdfkit: one page per label, embedded font subsets, vector shapes.
import PDFDocument from 'pdfkit';
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement, LaidOutLabel } from '../../layout/laidOutLabel';
import type { PdfElementEmitter, PdfEmitContext } from './pdfContext';
import { PDF_ELEMENT_EMITTERS } from './pdfElementEmitters';
import { useFastStreamCompression } from './fastStreamCompression';
import { pdfFontFor } from './pdfFonts';
import { useDifferenceBlend } from './pdfBlend';

/**
 * pdfkit needs a creation date and derives the file ID from it; a fixed one makes the same labels give the same bytes
 * (a render is a function of template and data, not of the clock).
 */
const FIXED_CREATION_DATE = new Date(Date.UTC(2000, 0, 1));

function drawElement(element: LaidOutElement, ctx: PdfEmitContext): void {
  // The table is checked per type; indexing it with a union loses the pairing, so restore it here once.
  const emit = PDF_ELEMENT_EMITTERS[element.type] as PdfElementEmitter<LaidOutElement>;
  ctx.doc.save();
  if (element.reverse) useDifferenceBlend(ctx.doc);
  if (element.rotation % 360 !== 0) {
    const { x, y, width, height } = element.box;
    // pdfkit's user space is y-down like the layout's, so a positive angle turns clockwise as the model says.
    ctx.doc.rotate(element.rotation, { origin: [x + width / 2, y + height / 2] });
  }
  emit(element, ctx);
  ctx.doc.restore();
}

/** Collects the document's bytes; pdfkit is a stream in Node and an event emitter in the browser build alike. */
function documentBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.byteLength, 0));
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.byteLength;
      }
      resolve(bytes);
    });
  });
}

/** Many labels in one document, one page each exactly the label's size; each used face is embedded once as a subset. */
export async function emitPdfPages(labels: readonly LaidOutLabel[], fonts: FontRegistry): Promise<Uint8Array> {
  if (labels.length === 0) throw new RangeError('a PDF needs at least one label');
  const doc = new PDFDocument({
    autoFirstPage: false,
    // No default font: pdfkit would otherwise load Helvetica's metrics for every document, unused.
    font: null as unknown as string,
    compress: true,
    info: { Producer: 'Labelsmith', Creator: 'Labelsmith', CreationDate: FIXED_CREATION_DATE },
  });
  useFastStreamCompression(doc);
  const bytes = documentBytes(doc);
  const ctx: PdfEmitContext = {
    doc,
    fonts,
    useFont(key: FontFaceKey, fontSize: number) {
      // pdfkit caches the face per document under its key: it is embedded once, as a subset of the used glyphs.
      doc.font(pdfFontFor(fonts, key), key, fontSize);
    },
  };
  for (const label of labels) {
    doc.addPage({ size: [label.width, label.height], margin: 0 });
    // ^PMY: the page's drawing flipped about its vertical centre line, glyphs included (the page is new: nothing to restore).
    if (label.mirror) doc.transform(-1, 0, 0, 1, label.width, 0);
    // A difference blend inverts against what is painted: an unpainted page is a transparent backdrop, read as black.
    if (label.elements.some((element) => element.reverse)) doc.rect(0, 0, label.width, label.height).fill('#ffffff');
    for (const element of label.elements) drawElement(element, ctx);
  }
  doc.end();
  return bytes;
}

/** One label as a one-page PDF. */
export function emitPdf(label: LaidOutLabel, fonts: FontRegistry): Promise<Uint8Array> {
  return emitPdfPages([label], fonts);
}
