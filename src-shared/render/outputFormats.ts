// The output formats and their options: plain constants, shared by the engine, the API schemas, the server and the browser.

export const OUTPUT_FORMATS = ['pdf', 'png', 'zpl', 'html'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const ZPL_DPIS = [203, 300, 600] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];
export const DEFAULT_ZPL_DPI: ZplDpi = 203;

/** PNG resolution: 50..600, default 300 (spec 8.2 rule 10). */
export const PNG_DPI = { min: 50, max: 600, default: 300 } as const;

/**
 * The resolution a render lays its label out for (barcode modules are whole dots of it; docs/template-format.md, "Barcode sizing"): zpl
 * the printer's `zplDpi`; png, pdf and html the request's `dpi` (the spec names it for png only: a pdf laid out for
 * 203 dpi has the bars of the 203 dpi ZPL, as printer truth asks), 300 when it gives none.
 */
export function layoutDpi(options: { format: OutputFormat; dpi?: number; zplDpi?: ZplDpi }): number {
  return options.format === 'zpl' ? (options.zplDpi ?? DEFAULT_ZPL_DPI) : (options.dpi ?? PNG_DPI.default);
}

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  zpl: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** Stated limits of one batch (docs/api.md, "Decisions where the spec is silent"): records per request, labels after quantity, copies of one record. */
export const BATCH_LIMITS = { maxRecords: 1_000, maxLabels: 5_000, maxQuantity: 1_000 } as const;

/** A batch of PNGs is a zip of one PNG per label (label-0001.png, ...); the other formats hold every label in one document. */
export const BATCH_CONTENT_TYPES: Record<OutputFormat, string> = { ...CONTENT_TYPES, png: 'application/zip' };

/** File extension of a stored output: the format's own, except a PNG batch's zip. */
export function outputExtension(format: OutputFormat, batch: boolean): string {
  return batch && format === 'png' ? 'zip' : format;
}
