// MicroPDF417's 34 sizes, numbered as ZPL's ^BF mode numbers them, so the writer and the reader agree on a size.

/**
 * The sizes in ISO/IEC 24728's order (1 to 4 data columns, rows ascending), which ^BF's mode 0–33 picks from; the error
 * correction follows from the size.
 */
export const MICRO_PDF417_SIZES: readonly (readonly [columns: number, rows: number])[] = [
  ...[11, 14, 17, 20, 24, 28].map((rows) => [1, rows] as const),
  ...[8, 11, 14, 17, 20, 23, 26].map((rows) => [2, rows] as const),
  ...[6, 8, 10, 12, 15, 20, 26, 32, 38, 44].map((rows) => [3, rows] as const),
  ...[4, 6, 8, 10, 12, 15, 20, 26, 32, 38, 44].map((rows) => [4, rows] as const),
];

/** Module widths of a MicroPDF417 row with 1 to 4 data columns (quiet zones excluded). */
const ROW_MODULES = [38, 55, 82, 99];

/** The ^BF mode of a symbol of these module columns and rows, or undefined when it is no MicroPDF417 size. */
export function microPdf417Mode(moduleColumns: number, rows: number): number | undefined {
  const dataColumns = ROW_MODULES.indexOf(moduleColumns) + 1;
  const mode = MICRO_PDF417_SIZES.findIndex(([columns, sizeRows]) => columns === dataColumns && sizeRows === rows);
  return mode < 0 ? undefined : mode;
}
