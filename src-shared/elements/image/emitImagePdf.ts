// Draws a laid-out image element in PDF: the bytes as a Buffer (never a path), clipped to the element box.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';
import { AppError, RenderError } from '../../errors';
import { ImageRefusedError } from './imageErrors';
import { verifyPngData } from './pngImage';

/** pdfkit's parsed image; its typings only admit Buffers and paths, though doc.image() also takes these. */
type OpenedImage = { width: number; height: number };
type ImageOpener = { openImage(src: Buffer): OpenedImage };

/**
 * One parsed image per document and content: a batch of labels with the same logo embeds it once,
 * and pdfkit does not decode an alpha PNG again for every label.
 */
const openedImages = new WeakMap<PDFKit.PDFDocument, Map<string, OpenedImage>>();

/**
 * pdfkit reads the size from the bytes again, and the PDF carries the bytes to every reader and printer: so the image
 * embedded is the one checked at layout (one frame, its size), a PNG's data is checked to inflate to that size (pdfkit
 * inflates a PNG with transparency whole), and what pdfkit read must agree.
 */
function openChecked(doc: PDFKit.PDFDocument, element: LaidOutOf<'image'>): OpenedImage {
  const bytes = Buffer.from(element.base64, 'base64');
  if (element.mime === 'image/png') verifyPngData(bytes, element.id);
  const image = (doc as unknown as ImageOpener).openImage(bytes);
  if (image.width !== element.pixelWidth || image.height !== element.pixelHeight) {
    throw new ImageRefusedError(`the PDF writer reads ${image.width}x${image.height} pixels where ${element.pixelWidth}x${element.pixelHeight} were checked`, element.id);
  }
  return image;
}

function openImage(doc: PDFKit.PDFDocument, element: LaidOutOf<'image'>): OpenedImage {
  let images = openedImages.get(doc);
  if (images === undefined) openedImages.set(doc, (images = new Map()));
  let image = images.get(element.base64);
  if (image === undefined) {
    image = openChecked(doc, element);
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
    if (error instanceof AppError) throw error;
    throw new RenderError(`image could not be read for PDF: ${error instanceof Error ? error.message : String(error)}`, element.id);
  }
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  // EXIF orientation is ignored, as resvg (PNG and ZPL output) does, so every output shows the same pixels.
  const options = { width: placement.width, height: placement.height, ignoreOrientation: true };
  doc.image(image as unknown as Buffer, placement.x, placement.y, options);
  doc.restore();
};
