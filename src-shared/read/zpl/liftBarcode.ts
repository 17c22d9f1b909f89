// Lifts a barcode read from ZPL into a template barcode element with its symbology and module size; others become images.
import { encodeBarcode, type EncodedBarcode } from '../../elements/barcode/barcodeEncoding';
import { DEFAULT_RATIOS } from '../../elements/barcode/barcodeModule';
import { SYMBOLOGIES, type Symbology } from '../../elements/barcode/barcodeSchema';
import type { ElementOf } from '../../elements/elementSchema';
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { Box, LaidOutOf } from '../../layout/laidOutLabel';
import { liftCode128 } from './liftCode128';
import { elementImage } from './liftImage';
import { turnedBox, type LiftContext } from './liftGeometry';
import { pointsPerDot } from './zplField';

type LaidOutBarcode = LaidOutOf<'barcode'>;

function isElementSymbology(symbology: string): symbology is Symbology {
  return (SYMBOLOGIES as readonly string[]).includes(symbology);
}

/** What a template says of the symbol: its symbology and value (Code 128 read back from its codewords). */
function templateData(element: LaidOutBarcode): { symbology: Symbology; value: string } | undefined {
  const { symbology, value } = element;
  if (symbology === 'code128') return liftCode128(value);
  return isElementSymbology(symbology) ? { symbology, value } : undefined;
}

/** The template's encoding of the value, or undefined when its encoder refuses what the printer accepted. */
function encode(data: { symbology: Symbology; value: string }, element: LaidOutBarcode): EncodedBarcode | undefined {
  try {
    return encodeBarcode({ ...data, errorCorrection: element.errorCorrection }, element.id);
  } catch {
    return undefined;
  }
}

/**
 * The template's symbol at the module size the printer used (in the reader's points), centred where the printer drew
 * it: the box is as wide as its modules (the encoders may choose a few more or fewer modules than the printer's). A
 * linear code's box also holds its human-readable line, drawn below the bars.
 */
function symbolBox(
  element: LaidOutBarcode,
  encoded: EncodedBarcode,
  lineHeight: number,
  ctx: LiftContext,
): { box: Box; moduleWidth: number } | undefined {
  const { symbol } = element;
  // EAN and UPC come as a vector of bars, their guard bars longer: the module is the symbol's width over its modules.
  if ((symbol.kind === 'linear' || symbol.kind === 'vector') && encoded.kind === 'linear') {
    const modules = encoded.widths.reduce((sum, count) => sum + count, 0);
    const dot = pointsPerDot(ctx.dpmm);
    const moduleWidth =
      symbol.kind === 'linear' ? symbol.moduleWidth : Math.max(1, Math.round(symbol.width / modules / dot)) * dot;
    const width = modules * moduleWidth;
    if (Math.abs(width - symbol.width) > moduleWidth) {
      // Typically digits the ZPL left in Code 128's subset B, which the template's encoder packs two a module group (subset C).
      const dots = Math.round((symbol.width - width) / dot);
      ctx.warn({
        code: 'ZPL_IMPORT_BARCODE_WIDTH',
        elementId: element.id,
        message: `the template encodes the value in ${dots > 0 ? 'fewer' : 'more'} modules than the printer did: the symbol is ${Math.abs(dots)} dots ${dots > 0 ? 'narrower' : 'wider'}, centred where it was`,
      });
    }
    return {
      box: { x: symbol.x + (symbol.width - width) / 2, y: symbol.y, width, height: symbol.height + lineHeight },
      moduleWidth,
    };
  }
  if (symbol.kind === 'matrix' && encoded.kind === 'matrix') {
    const width = encoded.columns * symbol.moduleWidth;
    const height = encoded.rows * symbol.moduleWidth * encoded.moduleAspect;
    const centreX = symbol.x + (symbol.columns * symbol.moduleWidth) / 2;
    const centreY = symbol.y + (symbol.rows * symbol.moduleHeight) / 2;
    return { box: { x: centreX - width / 2, y: centreY - height / 2, width, height }, moduleWidth: symbol.moduleWidth };
  }
  return undefined;
}

/** The human-readable line's family and size, and the height it takes below the bars (ascent to descent, as layoutBarcode). */
function humanReadableStyle(
  element: LaidOutBarcode,
  ctx: LiftContext,
): { fontFamily: string; fontSize: string; height: number } | undefined {
  const run = element.humanReadable;
  if (run === undefined) return undefined;
  const family = run.fontKey.split('-')[0] ?? 'sans';
  // The template draws the line in the family's regular face.
  const face = `${family}-regular` as FontFaceKey;
  return {
    fontFamily: family,
    fontSize: ctx.pt(run.fontSize),
    height: ctx.fonts.ascent(face, run.fontSize) + ctx.fonts.descent(face, run.fontSize),
  };
}

/**
 * The barcode as an editable element; a symbology templates do not offer (MaxiCode, DataBar, postal codes…), or a
 * value the template's encoder refuses, becomes an image of its drawing with a warning.
 */
export function liftBarcode(
  element: LaidOutBarcode,
  id: string,
  binding: string | undefined,
  ctx: LiftContext,
): { element: ElementOf<'barcode'> | ElementOf<'image'>; sample?: string } | undefined {
  const data = templateData(element);
  const encoded = data && encode(data, element);
  const line = humanReadableStyle(element, ctx);
  const sized = encoded && symbolBox(element, encoded, line?.height ?? 0, ctx);
  if (data === undefined || sized === undefined) {
    const reason = isElementSymbology(element.symbology)
      ? `the template's ${element.symbology} cannot encode what the symbol holds`
      : `${element.symbology} is not a symbology templates offer`;
    ctx.warn({
      code: 'ZPL_IMPORT_AS_IMAGE',
      elementId: element.id,
      message: `barcode imported as an image of its drawing (${reason})${binding ? `; its binding ${binding} is not kept` : ''}`,
    });
    const image = elementImage(element, id, ctx);
    return image && { element: image };
  }
  const barcode: ElementOf<'barcode'> = {
    id,
    type: 'barcode',
    // Rounded up, so the printer's symbol fits the box at every resolution's whole dots.
    ...ctx.place(turnedBox(sized.box, element.box, element.rotation), element.rotation, Math.ceil),
    content: binding === undefined ? { text: data.value } : { expression: binding },
    symbology: data.symbology,
    // The printer's module as a length (its dots at their true size), its ratio, and no quiet zone inside the box: the
    // box is where the printer drew the bars, and the light around them stays the label's.
    moduleWidth: ctx.mm(sized.moduleWidth),
    ...(element.symbol.kind === 'linear' &&
    element.symbol.ratio !== undefined &&
    DEFAULT_RATIOS[data.symbology] !== undefined
      ? { ratio: element.symbol.ratio }
      : {}),
    quietZone: false,
    ...(encoded?.kind === 'linear' ? { showText: line !== undefined } : {}),
    ...(data.symbology === 'qrcode' ? { errorCorrection: element.errorCorrection } : {}),
    ...(line ? { style: { fontFamily: line.fontFamily, fontSize: line.fontSize } } : {}),
    ...(element.reverse ? { reverse: true } : {}),
  };
  return { element: barcode, sample: data.value };
}
