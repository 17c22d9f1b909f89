// Draws a laid-out image element in PDF: the bytes as a Buffer (never a path), clipped to the element box.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';
import { AppError, RenderError } from '../../errors';
import { ImageRefusedError } from './imageErrors';
import type { RenderPixels } from '../../render/renderPixels';
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
 * inflates a PNG with transparency whole), and what pdfkit read must agree. The check of the data is made once per
 * process for the same bytes (the render's image cache).
 */
function openChecked(doc: PDFKit.PDFDocument, element: LaidOutOf<'image'>, pixels: RenderPixels): OpenedImage {
  const isPng = element.mime === 'image/png';
  const reopened = isPng ? reopenPng(doc, element, pixels) : undefined;
  const image = reopened ?? openImageBytes(doc, element, pixels);
  if (image.width !== element.pixelWidth || image.height !== element.pixelHeight) {
    throw new ImageRefusedError(
      `the PDF writer reads ${image.width}x${image.height} pixels where ${element.pixelWidth}x${element.pixelHeight} were checked`,
      element.id,
    );
  }
  if (!isPng) return image;
  const png = image as PdfkitPng;
  if (reopened === undefined && png.image !== null) {
    pixels.keep(element, PARSED_PNG, {
      value: { prototype: Object.getPrototypeOf(png) as object, parsed: png.image },
      bytes: png.image.imgData.byteLength,
    });
  }
  reuseDecodedPng(png, element, pixels);
  return png;
}

/** pdfkit's reading of the image's bytes, a PNG's data checked first. */
function openImageBytes(doc: PDFKit.PDFDocument, element: LaidOutOf<'image'>, pixels: RenderPixels): OpenedImage {
  const bytes = Buffer.from(element.base64, 'base64');
  if (element.mime === 'image/png') {
    pixels.decoded(element, 'pdf-png-verified', () => {
      verifyPngData(bytes, element.id);
      return { value: true, bytes: 0 };
    });
  }
  return (doc as unknown as ImageOpener).openImage(bytes);
}

/** What a render keeps of pdfkit's reading of a PNG: its parse (header, palette, image data) and the image's class. */
interface ParsedPng {
  prototype: object;
  parsed: NonNullable<PdfkitPng['image']>;
}

const PARSED_PNG = 'pdf-png-parsed';

/**
 * pdfkit's image for a PNG an earlier document of the process read (the render's image cache), made from that
 * reading: pdfkit parses a PNG afresh for every document, copying its compressed data byte by byte into an array
 * (png-js), about 200 KB of garbage for the parcel label's 7 KB logo. The parse is only read from (pdfkit's image
 * keeps its own state), so documents share it; the image is numbered as pdfkit's openImage numbers it.
 */
function reopenPng(doc: PDFKit.PDFDocument, element: LaidOutOf<'image'>, pixels: RenderPixels): PdfkitPng | undefined {
  const kept = pixels.recall<ParsedPng>(element, PARSED_PNG);
  if (kept === undefined) return undefined;
  const { parsed } = kept;
  const counter = doc as unknown as { _imageCount: number };
  return Object.assign(Object.create(kept.prototype) as PdfkitPng, {
    label: `I${++counter._imageCount}`,
    image: parsed,
    width: parsed.width,
    height: parsed.height,
    imgData: parsed.imgData,
    obj: null,
  });
}

/** The parts of pdfkit's PNGImage (pdfkit is pinned) that turn a PNG's data into the streams it embeds. */
interface PdfkitPng extends OpenedImage {
  /** The PNG's compressed image data as read; after a decode, the stream pdfkit embeds (deflated samples). */
  imgData: Uint8Array | null;
  /** The deflated alpha of a PNG with transparency (its soft mask), set by a decode. */
  alphaChannel?: Uint8Array;
  /** png-js's parse of the file (header, palette, compressed data); pdfkit lets go of it once the image is written. */
  image: { imgData: Uint8Array; width: number; height: number } | null;
  finalize(): void;
  splitAlphaChannel(): void;
  loadIndexedAlphaChannel(): void;
  decodeData(): void;
}

interface DecodedPng {
  imgData: Uint8Array;
  alphaChannel?: Uint8Array;
}

/**
 * A PNG with transparency (or a palette with alpha, or interlaced) is inflated, split into colour and alpha, and each
 * deflated again by pdfkit at every document: the streams it ends with are a function of the bytes, so they are kept
 * (the render's image cache) and given to the next document's image in place of that work. Each of pdfkit's three
 * decoding paths ends in finalize() with imgData (and alphaChannel) set; a PNG embedded as it is never decodes.
 */
function reuseDecodedPng(png: PdfkitPng, element: LaidOutOf<'image'>, pixels: RenderPixels): void {
  const need = 'pdf-png-streams';
  const known = pixels.recall<DecodedPng>(element, need);
  const finalize = png.finalize.bind(png);
  if (known !== undefined) {
    // pdfkit decodes in zlib's thread pool, so its image objects are written after the rest of the document's
    // synchronous drawing and end(): the kept streams are handed over one turn later too, for the same object order.
    const reuse = (): void =>
      queueMicrotask(() => {
        png.imgData = known.imgData;
        if (known.alphaChannel !== undefined) png.alphaChannel = known.alphaChannel;
        finalize();
      });
    png.splitAlphaChannel = png.loadIndexedAlphaChannel = png.decodeData = reuse;
    return;
  }
  png.finalize = () => {
    // Kept only after a decode: a PNG embedded as it is finalises with the data it was read with.
    const { imgData, alphaChannel } = png;
    if (imgData !== null && (alphaChannel !== undefined || imgData !== png.image?.imgData)) {
      pixels.keep(element, need, {
        value: { imgData, alphaChannel },
        bytes: imgData.byteLength + (alphaChannel?.byteLength ?? 0),
      });
    }
    finalize();
  };
}

function openImage(doc: PDFKit.PDFDocument, element: LaidOutOf<'image'>, pixels: RenderPixels): OpenedImage {
  let images = openedImages.get(doc);
  if (images === undefined) openedImages.set(doc, (images = new Map()));
  let image = images.get(element.base64);
  if (image === undefined) {
    image = openChecked(doc, element, pixels);
    images.set(element.base64, image);
  }
  return image;
}

export const emitImagePdf: PdfElementEmitter<LaidOutOf<'image'>> = (element, { doc, pixels }) => {
  const { box, placement } = element;
  let image: OpenedImage;
  try {
    image = openImage(doc, element, pixels);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new RenderError(
      `image could not be read for PDF: ${error instanceof Error ? error.message : String(error)}`,
      element.id,
    );
  }
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  // EXIF orientation is ignored, as resvg (PNG and ZPL output) does, so every output shows the same pixels.
  const options = { width: placement.width, height: placement.height, ignoreOrientation: true };
  doc.image(image as unknown as Buffer, placement.x, placement.y, options);
  doc.restore();
};
