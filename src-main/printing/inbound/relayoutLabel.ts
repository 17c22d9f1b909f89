// A label a virtual printer received, written for one resolution, made a document for a printer of another (or a PDF queue): read, lifted and rendered in the render pool, as a template print job is.
import { BadRequestError } from '@shared/errors';
import { lengthInDots } from '@shared/emit/zpl/zplPrinterSettings';
import { rawZplRefusal, scanRawZpl } from '@shared/read/zpl/rawZplScan';
import type { ZplDpi } from '@shared/render/outputFormats';
import type { RelayoutJob, RenderResult } from '../../render/renderPool';
import type { PrinterRecord } from '../../store/queries/printerFields';
import type { VirtualPrinterRecord } from '../../store/queries/virtualPrinterFields';
import { printerDriver } from '../printerDrivers';
import { printerRenderOptions, type PrinterDocument } from '../printJobSubmission';
import { DOTS_PER_MM } from './virtualHostAnswers';

/** A label's size when the printer states no media: the carrier label most old systems print. */
const DEFAULT_MEDIA = { width: '4in', height: '6in' };

/** The render pool's relayout (RenderPool.relayout). */
export type Relayout = (job: RelayoutJob) => Promise<RenderResult>;

/**
 * The resolution the virtual printer's ZPL is read at when it must be written again for `printer`, or undefined when
 * its bytes go as they are: a ZPL printer of the declared resolution (or of any, none declared). A PDF queue always
 * gets the label drawn, read at the declared resolution or else the printer's.
 */
export function relayoutFrom(virtual: VirtualPrinterRecord, printer: PrinterRecord): ZplDpi | undefined {
  return relayoutNeeded(virtual.dpi ?? printer.dpi, printer) ? (virtual.dpi ?? printer.dpi) : undefined;
}

/** Whether ZPL written for `from` dpi must be written again for `printer`: one of another resolution, or one taking PDF. */
export function relayoutNeeded(from: ZplDpi, printer: PrinterRecord): boolean {
  return printerDriver(printer).format === 'pdf' || from !== printer.dpi;
}

/**
 * The copies a received label asks for (its ^PQ quantity), once the raw-ZPL allow-list of `printer` let it through:
 * a configuration command is refused as in raw ZPL, with BadRequestError naming it.
 */
export function relaidCopies(zpl: string, printer: PrinterRecord): number {
  const scan = scanRawZpl(zpl);
  const refused = rawZplRefusal(scan, printer);
  if (refused !== undefined)
    throw new BadRequestError(`zpl: ${refused.message}`, { command: refused.command, position: refused.position });
  return scan.formats.at(-1)?.quantity ?? 1;
}

/**
 * The label of `zpl` (the state formats before it included, one character a byte) rendered for `printer`, on its media
 * (4 x 6 in when it states none), in the render pool under `team`'s queue, bounded by a render's time and memory
 * limits. Its barcodes keep their module widths in millimetres, its texts their size and its graphics their size, laid
 * out in whole dots of the printer; the document's warnings name what was not carried over exactly. Rejects with
 * BadRequestError when the ZPL holds no label, PixelBudgetError when its graphics are over a render's budget.
 */
export async function relaidDocument(
  relayout: Relayout,
  zpl: string,
  from: ZplDpi,
  printer: PrinterRecord,
  team: string,
): Promise<PrinterDocument> {
  const media = printer.media ?? DEFAULT_MEDIA;
  const options = printerRenderOptions(printer);
  const rendered = await relayout({
    zpl,
    sourceDpi: from,
    dpmm: DOTS_PER_MM[from],
    widthDots: lengthInDots(media.width, from),
    heightDots: lengthInDots(media.height, from),
    options,
    team,
  });
  return {
    format: options.format,
    bytes: rendered.bytes,
    labelCount: rendered.labelCount,
    warnings: rendered.warnings,
  };
}
