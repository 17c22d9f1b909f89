// Which renders a preview needs: the bytes to save in the chosen format, and a PNG to look at where the format is not a picture itself.
import type { OutputFormat, ZplDpi } from '../../api/apiConstants';
import { fileStem } from '../../ui/download';

export interface RenderSpec {
  format: OutputFormat;
  dpi?: number;
  zplDpi?: ZplDpi;
}

export interface PreviewPlan {
  /** What "Save" downloads. */
  save: RenderSpec;
  /** A PNG shown beside (ZPL) or instead of (PDF) the saved bytes; null when those are shown themselves. */
  display: RenderSpec | null;
}

/** PDF pages are shown as a PNG at this resolution: sharp on a high-density screen at the panel's width. */
export const PDF_DISPLAY_DPI = 200;

export function previewPlan(format: OutputFormat, dpi: number, zplDpi: ZplDpi): PreviewPlan {
  switch (format) {
    case 'png':
      return { save: { format: 'png', dpi }, display: null };
    case 'pdf':
      return { save: { format: 'pdf' }, display: { format: 'png', dpi: PDF_DISPLAY_DPI } };
    case 'zpl':
      // The engine's picture at the printer's resolution: what the ZPL draws, dot for dot.
      return { save: { format: 'zpl', zplDpi }, display: { format: 'png', dpi: zplDpi } };
    case 'html':
      return { save: { format: 'html' }, display: null };
  }
}

const EXTENSIONS: Record<OutputFormat, string> = { pdf: 'pdf', png: 'png', zpl: 'zpl', html: 'html' };

export function previewFileName(templateName: string, format: OutputFormat): string {
  return `${fileStem(templateName)}.${EXTENSIONS[format]}`;
}
