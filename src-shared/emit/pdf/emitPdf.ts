// Writes LaidOutLabels as a PDF with pdfkit: one page per label, embedded font subsets, vector shapes.
import PDFDocument from 'pdfkit';
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement, LaidOutLabel } from '../../layout/laidOutLabel';
import type { PdfEmitContext } from './pdfContext';
import { kindOf } from '../../elements/elementKinds';
import { useFastStreamCompression } from './fastStreamCompression';
import { pdfFontFor } from './pdfFonts';
import { describeBaseGlyphs } from './pdfFontFiles';
import { keepUnicodeMap } from './pdfUnicodeMaps';
import { useDifferenceBlend } from './pdfBlend';
import { cellOrigin, sheetCells, sheetPages } from '../../sheets/sheetLayout';
import { BadRequestError } from '../../errors';
import { RenderPixels } from '../../render/renderPixels';
import { joinBytes } from '../joinBytes';

/**
 * pdfkit needs a creation date and derives the file ID from it; a fixed one makes the same labels give the same bytes
 * (a render is a function of template and data, not of the clock).
 */
const FIXED_CREATION_DATE = new Date(Date.UTC(2000, 0, 1));

function drawElement(element: LaidOutElement, ctx: PdfEmitContext): void {
  ctx.doc.save();
  if (element.reverse) useDifferenceBlend(ctx.doc);
  if (element.rotation % 360 !== 0) {
    const { x, y, width, height } = element.box;
    // pdfkit's user space is y-down like the layout's, so a positive angle turns clockwise as the model says.
    ctx.doc.rotate(element.rotation, { origin: [x + width / 2, y + height / 2] });
  }
  kindOf(element).emit.pdf(element, ctx);
  ctx.doc.restore();
}

/** Collects the document's bytes; pdfkit is a stream in Node and an event emitter in the browser build alike. */
function documentBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(joinBytes(chunks)));
  });
}

export interface PdfPagesOptions {
  /** Labels with a sheet: the 1-based cell of the first sheet the first label takes (a partly used sheet); default 1. */
  sheetStart?: number;
  /** The render's pixels: its cache of decoded images (see emitImagePdf); default a render's own, without a cache. */
  pixels?: RenderPixels;
  /**
   * Whose documents may share embedded font files (pdfFontFiles.ts): the team. Without one, every document of the
   * process shares them (one user: the CLI, the desktop app).
   */
  cacheScope?: string;
}

/** Draws one label with its top-left corner at the current origin, clipped to its own rectangle. */
function drawLabel(label: LaidOutLabel, ctx: PdfEmitContext): void {
  const { doc } = ctx;
  // ^PMY: the label's drawing flipped about its vertical centre line, glyphs included.
  if (label.mirror) doc.transform(-1, 0, 0, 1, label.width, 0);
  // A difference blend inverts against what is painted: an unpainted page is a transparent backdrop, read as black.
  if (label.elements.some((element) => element.reverse)) doc.rect(0, 0, label.width, label.height).fill('#ffffff');
  // ^PW's band: nothing prints outside it.
  if (label.clip) doc.rect(label.clip.x, label.clip.y, label.clip.width, label.clip.height).clip();
  for (const element of label.elements) drawElement(element, ctx);
}

/**
 * Many labels in one document, each used face embedded once as a subset. Without a sheet, one page a label, exactly
 * its size. With one (the template's dimensions.sheet), pages of the sheet's size with the labels N-up in its cells,
 * across then down, from `sheetStart` on the first page; each label clipped to its cell so nothing spills onto a neighbour.
 */
export async function emitPdfPages(
  labels: readonly LaidOutLabel[],
  fonts: FontRegistry,
  options: PdfPagesOptions = {},
): Promise<Uint8Array> {
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
  const used = new Map<FontFaceKey, PDFKit.Mixins.PDFFontSource>();
  const ctx: PdfEmitContext = {
    doc,
    fonts,
    pixels: options.pixels ?? new RenderPixels(),
    useFont(key: FontFaceKey, fontSize: number) {
      const font = used.get(key);
      // pdfkit caches the face per document under its key: it is embedded once, as a subset of the used glyphs.
      if (font !== undefined) {
        doc.font(font, key, fontSize);
        return;
      }
      const made = pdfFontFor(fonts, key, options.cacheScope ?? '');
      used.set(key, made);
      doc.font(made, key, fontSize);
      // The face's first use in this document: pdfkit has just made its font, whose subset holds the base glyphs.
      const embedded = (doc as unknown as { _font: unknown })._font;
      describeBaseGlyphs(embedded);
      keepUnicodeMap(embedded);
    },
  };
  const sheet = labels[0]?.sheet;
  const cells = sheet ? sheetCells(sheet) : 0;
  if (sheet && (options.sheetStart ?? 1) > cells) {
    throw new BadRequestError(
      `sheetStart ${options.sheetStart} is past the ${cells} labels of a sheet: start at 1 to ${cells}`,
    );
  }
  if (sheet) {
    let next = 0;
    for (const page of sheetPages(sheet, labels.length, options.sheetStart)) {
      doc.addPage({ size: [sheet.pageWidth, sheet.pageHeight], margin: 0 });
      for (const cell of page) {
        const label = labels[next++];
        if (!label) break;
        const origin = cellOrigin(sheet, label, cell);
        doc.save();
        doc.translate(origin.x, origin.y);
        doc.rect(0, 0, label.width, label.height).clip();
        drawLabel(label, ctx);
        doc.restore();
      }
    }
  } else {
    for (const label of labels) {
      doc.addPage({ size: [label.width, label.height], margin: 0 });
      drawLabel(label, ctx);
    }
  }
  doc.end();
  return bytes;
}

/** One label as a one-page PDF. */
export function emitPdf(label: LaidOutLabel, fonts: FontRegistry, options: PdfPagesOptions = {}): Promise<Uint8Array> {
  return emitPdfPages([label], fonts, options);
}
