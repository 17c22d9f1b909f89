// A printer's media handling as lp options for a PDF queue: the names of CUPS's own Zebra ZPL driver (rastertolabel).
import type { MediaSensing, MediaType, PrintMode } from '@shared/emit/zpl/zplPrinterSettings';
import type { PrinterRecord } from '../store/queries/printerFields';

/**
 * A PDF queue to a Zebra is most often set up with CUPS's "Zebra ZPL Label Printer" driver, whose filter turns these
 * PPD options into ^MT, ^MM and ^MN ahead of each page; a queue with another driver has no such options and CUPS
 * ignores them. The offsets are not sent: that driver's label top is a fixed list of choices, it has no left shift,
 * and a PDF page says where its content goes (docs/template-format.md, "Sheets and media").
 */
const MEDIA_TYPE_CHOICE: Record<MediaType, string> = { 'direct-thermal': 'Direct', 'thermal-transfer': 'Thermal' };
const PRINT_MODE_CHOICE: Record<PrintMode, string> = {
  'tear-off': 'Tear',
  'peel-off': 'Peel',
  cutter: 'Cutter',
  rewind: 'Rewind',
};
const MEDIA_TRACKING_CHOICE: Record<MediaSensing, string> = { gap: 'Web', mark: 'Mark', continuous: 'Continuous' };

/** `name=value` for each setting the printer has (each goes after an `-o`); none when it keeps its own. */
export function cupsMediaOptions({
  mediaType,
  printMode,
  mediaSensing,
}: Pick<PrinterRecord, 'mediaType' | 'printMode' | 'mediaSensing'>): string[] {
  return [
    mediaType && `MediaType=${MEDIA_TYPE_CHOICE[mediaType]}`,
    printMode && `zePrintMode=${PRINT_MODE_CHOICE[printMode]}`,
    mediaSensing && `zeMediaTracking=${MEDIA_TRACKING_CHOICE[mediaSensing]}`,
  ].filter((option) => option !== null);
}
