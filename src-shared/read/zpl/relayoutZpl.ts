// A received label written for one printer resolution made a template to print at another (a virtual printer's re-layout): read at the source's density, lifted as the ZPL import does, with what could not be carried over exactly as warnings.
import type { ZplLabelSize } from '../../api/zplViewer';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { RenderWarning } from '../../layout/laidOutLabel';
import type { Template } from '../../model/template';
import { importZpl, type ZplImportWarning } from './importZpl';

export interface RelayoutZplOptions extends ZplLabelSize {
  /** The resolution (dpi) the template will be printed at: graphics drawn in the source's dots are resampled to it. */
  targetDpi: number;
  /** The source's resolution in dpi, as the warnings name it. */
  sourceDpi: number;
  fonts: FontRegistry;
}

export interface RelaidLabel {
  template: Template;
  /** The ^FN fields' values as the label had them (the template binds them to data.fieldN). */
  data: Record<string, unknown>;
  /** What could not be carried over exactly, each naming it. */
  warnings: RenderWarning[];
}

function warning({ code, message }: ZplImportWarning): RenderWarning {
  return { code, message: `re-laid out for the printer: ${message}` };
}

/**
 * The first label of `zpl` (the state formats before it included, one character a byte) as a template on a label of
 * the options' size. Its barcodes keep their module widths in millimetres, its texts their size and its graphics their
 * size: the render then lays them out in whole dots of the target. Throws BadRequestError when the ZPL holds no label,
 * PixelBudgetError when its graphics are over a render's budget.
 */
export function relayoutZpl(zpl: string, options: RelayoutZplOptions): RelaidLabel {
  const { dpmm, widthDots, heightDots, sourceDpi, targetDpi, fonts } = options;
  const imported = importZpl(zpl, {
    dpmm,
    widthDots,
    heightDots,
    index: 0,
    name: `Received at ${sourceDpi} dpi`,
    fonts,
  });
  const warnings = imported.warnings.map(warning);
  // Graphics (^GF and the like) are rasters of the source's dots: at another resolution they are resampled.
  for (const element of imported.template.elements)
    if (element.type === 'image' && sourceDpi !== targetDpi)
      warnings.push({
        code: 'RELAYOUT_GRAPHIC_RESAMPLED',
        message: `re-laid out for the printer: the graphic ${element.id} was drawn in ${sourceDpi} dpi dots and is resampled to ${targetDpi} dpi`,
        elementId: element.id,
      });
  return { template: imported.template, data: imported.template.meta.sampleData?.[0] ?? {}, warnings };
}
