// Makes a pdfkit document deflate its streams at zlib level 1 instead of zlib's default level 6, and encode a stream's lines of text once, not line by line.
import { deflateSync } from 'node:zlib';
import { deflatedFontFile } from './pdfFontFiles';

/** A stream's bytes deflated as every stream of a PDF here is (see useFastStreamCompression). */
export const deflateStream = (bytes: Uint8Array): Uint8Array => deflateSync(bytes, { level: 1 });

/** The parts of pdfkit's PDFReference this relies on (pdfkit is pinned; the PDF tests read every stream back with poppler). */
interface PdfReferenceInternals {
  compress: boolean;
  buffer: Uint8Array[];
  data: { Filter?: string };
  write(chunk: unknown): void;
  finalize(): void;
}

/**
 * Deflating the font subsets is about a third of a label PDF's cost; level 1 takes two thirds of the time for 5%
 * more bytes (measured on the shipping sample: 0.43 ms and 18.3 KB at level 6, 0.29 ms and 19.1 KB at level 1).
 * pdfkit has no option for the level, so each stream is compressed here just before pdfkit finalises it, and
 * pdfkit is told the stream is already compressed.
 */
export function useFastStreamCompression(doc: PDFKit.PDFDocument): void {
  const internals = doc as unknown as { ref(data?: object): PdfReferenceInternals };
  const createReference = internals.ref.bind(doc);
  internals.ref = (data?: object) => {
    const reference = createReference(data);
    const write = reference.write.bind(reference);
    const finalize = reference.finalize.bind(reference);
    /**
     * A page's content comes as hundreds of short lines of text (a barcode's bars are a line each), and pdfkit encodes
     * each into bytes of its own (char by char) before joining them: here they are kept as text and encoded in one go,
     * to the same bytes (each character's low byte, then a newline), when bytes come or the stream ends.
     */
    let lines: string[] = [];
    const writeLines = (): void => {
      if (lines.length === 0) return;
      lines.push('');
      write(Buffer.from(lines.join('\n'), 'latin1'));
      lines = [];
    };
    reference.write = (chunk: unknown) => {
      if (chunk instanceof Uint8Array) {
        writeLines();
        write(chunk);
      } else lines.push(String(chunk));
    };
    reference.finalize = () => {
      writeLines();
      if (reference.compress && reference.buffer.length > 0) {
        const [only] = reference.buffer;
        // A font file kept between documents (pdfFontFiles.ts) is deflated once; its deflated bytes are the same.
        const kept =
          reference.buffer.length === 1 && only !== undefined ? deflatedFontFile(only, deflateStream) : undefined;
        reference.buffer = [kept ?? deflateStream(Buffer.concat(reference.buffer))];
        reference.data.Filter = 'FlateDecode';
        reference.compress = false;
      }
      finalize();
    };
    return reference;
  };
}
