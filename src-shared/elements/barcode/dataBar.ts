// GS1 DataBar's fixed proportions (ISO/IEC 24724): bar heights in modules, and the heights of stacked rows.

/** The stacked DataBar forms: rows of a grid, not one row of bars. */
export const STACKED_DATABAR: ReadonlySet<string> = new Set([
  'databarstacked',
  'databarstackedomni',
  'databarexpandedstacked',
]);

/** Bar heights of the single-row DataBar symbols, in modules: printers (^BR) draw them so whatever height is asked. */
export const DATABAR_HEIGHT_MODULES: Partial<Record<string, number>> = {
  databaromni: 33,
  databartruncated: 13,
  databarlimited: 10,
  databarexpanded: 34,
};

/**
 * Module heights of a stacked symbol's rows as bwip-js lists them (once each, separators included): separators are 1
 * module, DataBar Stacked's rows 5 and 7, the other stacked forms' rows share the rest equally (33 and 34 modules).
 * A separator row is one that starts light for four modules, where every symbol row starts with its guard.
 */
export function stackedRowHeights(
  symbology: string,
  rowPatterns: readonly string[],
  totalModules: number,
): number[] | undefined {
  const separators = rowPatterns.map((row) => row.startsWith('0000'));
  const symbolRows = separators.filter((separator) => !separator).length;
  if (symbolRows === 0) return undefined;
  if (symbology === 'databarstacked') return separators.length === 3 ? [5, 1, 7] : undefined;
  const each = (totalModules - (separators.length - symbolRows)) / symbolRows;
  return Number.isInteger(each) ? separators.map((separator) => (separator ? 1 : each)) : undefined;
}
