// The PDF blend mode of reversed elements (ZPL ^FR): an ExtGState with /BM /Difference, made once per document.

const DIFFERENCE = new WeakMap<PDFKit.PDFDocument, PDFKit.PDFKitReference>();
const NAME = 'GsLsDifference';

/** Paints what follows (until the graphics state is restored) by difference with the page beneath. */
export function useDifferenceBlend(doc: PDFKit.PDFDocument): void {
  let state = DIFFERENCE.get(doc);
  if (state === undefined) {
    state = doc.ref({ Type: 'ExtGState', BM: 'Difference' });
    state.end(undefined);
    DIFFERENCE.set(doc, state);
  }
  // pdfkit's page keeps the ExtGStates its content names (its own opacity states go there too); its typings omit them.
  (doc.page as unknown as { ext_gstates: Record<string, PDFKit.PDFKitReference> }).ext_gstates[NAME] = state;
  doc.addContent(`/${NAME} gs`);
}
