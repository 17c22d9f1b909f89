// The output formats and their options: plain constants, shared by the engine, the API schemas, the server and the browser.

export const OUTPUT_FORMATS = ['pdf', 'png', 'zpl', 'html'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const ZPL_DPIS = [203, 300, 600] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];
export const DEFAULT_ZPL_DPI: ZplDpi = 203;

/** PNG resolution: 50..600, default 300 (spec 8.2 rule 10). */
export const PNG_DPI = { min: 50, max: 600, default: 300 } as const;

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  zpl: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
};
