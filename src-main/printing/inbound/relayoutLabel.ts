// A label a virtual printer received, written for one resolution, made a template for a printer of another (or a PDF queue): read, lifted, then printed as any template is.
import { importZpl, type ZplImportWarning } from '@shared/read/zpl/importZpl';
import { lengthInDots } from '@shared/emit/zpl/zplPrinterSettings';
import type { Template } from '@shared/model/template';
import type { ZplDpi } from '@shared/render/outputFormats';
import { bundledFonts } from '../../fonts/bundledFonts';
import type { PrintJobWarning } from '../../store/queries/printJobs';
import type { PrinterRecord } from '../../store/queries/printerFields';
import type { VirtualPrinterRecord } from '../../store/queries/virtualPrinterFields';
import { printerDriver } from '../printerDrivers';
import { DOTS_PER_MM } from './virtualHostAnswers';

/** A label's size when the printer states no media: the carrier label most old systems print. */
const DEFAULT_MEDIA = { width: '4in', height: '6in' };

export interface RelaidLabel {
  template: Template;
  /** The ^FN fields' values as the label had them (the template binds them to data.fieldN). */
  data: Record<string, unknown>;
  /** What could not be carried over exactly, each naming it; they become the job's warnings. */
  warnings: PrintJobWarning[];
}

/**
 * The resolution the virtual printer's ZPL is read at when it must be written again for `printer`, or undefined when
 * its bytes go as they are: a ZPL printer of the declared resolution (or of any, none declared). A PDF queue always
 * gets the label drawn, read at the declared resolution or else the printer's.
 */
export function relayoutFrom(virtual: VirtualPrinterRecord, printer: PrinterRecord): ZplDpi | undefined {
  if (printerDriver(printer).format === 'pdf') return virtual.dpi ?? printer.dpi;
  return virtual.dpi !== null && virtual.dpi !== printer.dpi ? virtual.dpi : undefined;
}

function warning({ code, message }: ZplImportWarning): PrintJobWarning {
  return { code, message: `re-laid out for the printer: ${message}` };
}

/**
 * The label of `zpl` (the state formats before it included, one character a byte) as a template on `printer`'s media
 * (4 x 6 in when it states none). Its barcodes keep their module widths in millimetres, its texts their size and its
 * graphics their size: the render then lays them out in whole dots of the printer. Throws BadRequestError when the
 * ZPL holds no label, PixelBudgetError when its graphics are over a render's budget.
 */
export function relayoutLabel(zpl: string, from: ZplDpi, printer: PrinterRecord): RelaidLabel {
  const dpmm = DOTS_PER_MM[from];
  const media = printer.media ?? DEFAULT_MEDIA;
  const imported = importZpl(zpl, {
    dpmm,
    widthDots: lengthInDots(media.width, from),
    heightDots: lengthInDots(media.height, from),
    index: 0,
    name: `Received at ${from} dpi`,
    fonts: bundledFonts(),
  });
  const warnings = imported.warnings.map(warning);
  // Graphics (^GF and the like) are rasters of the source's dots: at another resolution they are resampled.
  for (const element of imported.template.elements)
    if (element.type === 'image' && from !== printer.dpi)
      warnings.push({
        code: 'RELAYOUT_GRAPHIC_RESAMPLED',
        message: `re-laid out for the printer: the graphic ${element.id} was drawn in ${from} dpi dots and is resampled to ${printer.dpi} dpi`,
        elementId: element.id,
      });
  return { template: imported.template, data: imported.template.meta.sampleData?.[0] ?? {}, warnings };
}
