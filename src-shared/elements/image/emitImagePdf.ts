// Draws a laid-out image element in PDF: the bytes as a Buffer (never a path), clipped to the element box.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';
import { RenderError } from '../../errors';

/** pdfkit's parsed image; its typings only admit Buffers and paths, though doc.image() also takes these. */
type OpenedImage = { width: number; height: number };
type ImageOpener = { openImage(src: Buffer): OpenedImage };

/**
 * One parsed image per document and content: a batch of labels with the same logo embeds it once,
 * and pdfkit does not decode an alpha PNG again for every label.
 */
const openedImages = new WeakMap<PDFKit.PDFDocument, Map<string, OpenedImage>>();

function openImage(doc: PDFKit.PDFDocument, element: LaidOutOf<'image'>): OpenedImage {
  let images = openedImages.get(doc);
  if (images === undefined) openedImages.set(doc, (images = new Map()));
  let image = images.get(element.base64);
  if (image === undefined) {
    image = (doc as unknown as ImageOpener).openImage(Buffer.from(element.base64, 'base64'));
    images.set(element.base64, image);
  }
  return image;
}

export const emitImagePdf: PdfElementEmitter<LaidOutOf<'image'>> = (element, { doc }) => {
  const { box, placement } = element;
  let image: OpenedImage;
  try {
    image = openImage(doc, element);
  } catch (error) {
    throw new RenderError(`image could not be read for PDF: ${error instanceof Error ? error.message : String(error)}`, element.id);
  }
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  // EXIF orientation is ignored, as resvg (PNG and ZPL output) does, so every output shows the same pixels.
  const options = { width: placement.width, height: placement.height, ignoreOrientation: true };
  doc.image(image as unknown as Buffer, placement.x, placement.y, options);
  doc.restore();
};
