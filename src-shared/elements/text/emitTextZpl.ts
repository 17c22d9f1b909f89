// Draws a laid-out text element in ZPL: "Printer 0" as ^A0 fields, other fonts as a graphic of their glyphs or in the downloaded font.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter, ZplEmitContext } from '../../emit/zpl/zplContext';
import { paintElement } from '../../layout/paintElement';
import { printsBlack } from '../shapeZpl';
import { downloadedFont, textRunToZpl } from './zplText';
import { isQuarterTurn } from '../../layout/quarterTurn';

/** The glyphs as a Z64 graphic; light text (a reversed one) as black glyphs with ^FR, which turns them light on dark ground. */
function textGraphic(element: LaidOutOf<'text'>, ctx: ZplEmitContext): string {
  if (printsBlack(element.color)) return ctx.graphic(element, 'z64');
  return ctx.graphic(paintElement(element, '#000000'), 'z64').replace(/\^FS$/, '^FR^FS');
}

/**
 * The printer's font 0 only where the template chose it: any other face prints as designed, in the font the document
 * downloaded (fonts: "download") or as a Z64 graphic of the laid-out glyphs at the printer's resolution. Other
 * angles than quarter turns are graphics in every case (the render warns, see zplWarnings).
 */
export const emitTextZpl: ZplElementEmitter<LaidOutOf<'text'>> = (element, ctx) => {
  if (element.lines.length === 0) return '';
  if (!isQuarterTurn(element.rotation)) return textGraphic(element, ctx);
  const frame = { box: element.box, rotation: element.rotation, align: element.textAlign };
  if (element.printerFont === '0') return textRunToZpl(element, ctx, frame);
  const file = ctx.downloads?.fontOf(element);
  if (file !== undefined) return textRunToZpl(element, ctx, frame, downloadedFont(element, ctx, file));
  return textGraphic(element, ctx);
};
