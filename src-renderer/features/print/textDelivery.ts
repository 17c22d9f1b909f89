// The print dialog's word on how the job's texts reach the printer (docs/zpl.md, "Printer fonts"): once for the job, not a warning per element.
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { isPrinterFont0 } from '@shared/fonts/printerFont0';
import { validateTemplate } from '@shared/model/template';
import { printerTakesPdf } from '../printers/printerFields';

type PrinterFacts = Pick<EditorPrinter, 'connection' | 'fonts'>;

/** One sentence for the chosen printer and template; null with no printer, an invalid template or no text. */
export function textDelivery(template: unknown, printer: PrinterFacts | undefined): string | null {
  const validation = validateTemplate(template);
  if (!printer || !validation.ok) return null;
  const texts = validation.template.elements.flatMap((element) => (element.type === 'text' ? [element] : []));
  if (texts.length === 0) return null;
  if (printerTakesPdf(printer.connection)) return 'Texts print in their designed fonts (the printer takes PDF).';
  const inPrinterFont = texts.filter((text) => isPrinterFont0(text.style?.fontFamily)).length;
  const own =
    printer.fonts === 'download'
      ? 'in their fonts, sent once per job (~DY) for this printer to draw'
      : 'as graphics of their glyphs, the same on every printer';
  const parts: string[] = [];
  if (inPrinterFont < texts.length) parts.push(`Texts in the template’s fonts print ${own}`);
  if (inPrinterFont > 0)
    parts.push(`${parts.length > 0 ? 'texts' : 'Texts'} in “Printer 0” print in the printer’s own font (^A0)`);
  return `${parts.join('; ')}.`;
}
