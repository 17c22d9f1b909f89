// Labels on a sheet (Avery 5160: 3 x 10 on a Letter page): the template's sheet, where each label sits on it, and the checks that it fits.
import { z } from 'zod';
import type { ErrorDetail } from '../errors';
import { lengthSchema } from '../model/common';
import { toPoints } from '../units/length';

/** The most labels across or down a sheet: past that a "sheet" is a roll. */
const MAX_SHEET_CELLS_PER_SIDE = 100;

/** Where the template's labels sit on a printed page (a Labelsmith extension of `dimensions`); lengths with units. */
export const sheetSchema = z.strictObject({
  pageWidth: lengthSchema,
  pageHeight: lengthSchema,
  columns: z.number().int().min(1).max(MAX_SHEET_CELLS_PER_SIDE),
  rows: z.number().int().min(1).max(MAX_SHEET_CELLS_PER_SIDE),
  /** From the page's top edge to the first row's top edge. */
  marginTop: lengthSchema,
  marginLeft: lengthSchema,
  /** Between neighbouring labels across and down; default none. */
  gapX: lengthSchema.optional(),
  gapY: lengthSchema.optional(),
});

export type SheetInput = z.infer<typeof sheetSchema>;

/** Where labels sit on a sheet, in one unit throughout; gaps are between neighbouring labels. */
export interface SheetGrid {
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  marginTop: number;
  marginLeft: number;
  gapX: number;
  gapY: number;
}

/** A sheet in points, as emitters place labels on it. */
export type SheetPlacement = SheetGrid;

export function sheetPlacement(sheet: SheetInput): SheetPlacement {
  return {
    pageWidth: toPoints(sheet.pageWidth),
    pageHeight: toPoints(sheet.pageHeight),
    columns: sheet.columns,
    rows: sheet.rows,
    marginTop: toPoints(sheet.marginTop),
    marginLeft: toPoints(sheet.marginLeft),
    gapX: sheet.gapX === undefined ? 0 : toPoints(sheet.gapX),
    gapY: sheet.gapY === undefined ? 0 : toPoints(sheet.gapY),
  };
}

export const sheetCells = (sheet: Pick<SheetPlacement, 'columns' | 'rows'>): number => sheet.columns * sheet.rows;

/** Half a point of slack: vendors' sizes in mm on a Letter page do not add up to the last hundredth. */
const FIT_TOLERANCE = 0.5;

/** What keeps the labels from fitting on the page, with the template's paths; none when they fit. */
export function checkSheet(sheet: SheetInput, label: { width: number; height: number }): ErrorDetail[] {
  const placed = sheetPlacement(sheet);
  const errors: ErrorDetail[] = [];
  if (placed.pageWidth <= 0) errors.push({ path: 'dimensions.sheet.pageWidth', message: 'must be greater than zero' });
  if (placed.pageHeight <= 0)
    errors.push({ path: 'dimensions.sheet.pageHeight', message: 'must be greater than zero' });
  for (const [key, value] of [
    ['marginTop', placed.marginTop],
    ['marginLeft', placed.marginLeft],
    ['gapX', placed.gapX],
    ['gapY', placed.gapY],
  ] as const) {
    if (value < 0) errors.push({ path: `dimensions.sheet.${key}`, message: 'must not be negative' });
  }
  const right = placed.marginLeft + placed.columns * label.width + (placed.columns - 1) * placed.gapX;
  const bottom = placed.marginTop + placed.rows * label.height + (placed.rows - 1) * placed.gapY;
  if (right > placed.pageWidth + FIT_TOLERANCE) {
    errors.push({
      path: 'dimensions.sheet',
      message: `${placed.columns} labels across reach ${(right / 72).toFixed(2)} in, past the page width of ${(placed.pageWidth / 72).toFixed(2)} in`,
    });
  }
  if (bottom > placed.pageHeight + FIT_TOLERANCE) {
    errors.push({
      path: 'dimensions.sheet',
      message: `${placed.rows} labels down reach ${(bottom / 72).toFixed(2)} in, past the page height of ${(placed.pageHeight / 72).toFixed(2)} in`,
    });
  }
  return errors;
}

/** The top-left corner of the `cell`th label of a sheet (0-based, across then down), in points from the page's corner. */
export function cellOrigin(
  sheet: SheetPlacement,
  label: { width: number; height: number },
  cell: number,
): { x: number; y: number } {
  const column = cell % sheet.columns;
  const row = Math.floor(cell / sheet.columns) % sheet.rows;
  return {
    x: sheet.marginLeft + column * (label.width + sheet.gapX),
    y: sheet.marginTop + row * (label.height + sheet.gapY),
  };
}

/**
 * The pages of `count` labels starting at the 1-based `start` cell of the first sheet (a partly used sheet): for each
 * page, the cells its labels take, in order. Later sheets start at their first cell.
 */
export function sheetPages(sheet: Pick<SheetPlacement, 'columns' | 'rows'>, count: number, start = 1): number[][] {
  const cells = sheetCells(sheet);
  const pages: number[][] = [];
  let cell = start - 1;
  for (let label = 0; label < count; label += 1) {
    if (pages.length === 0 || cell === cells) {
      if (pages.length > 0) cell = 0;
      pages.push([]);
    }
    pages[pages.length - 1]?.push(cell);
    cell += 1;
  }
  return pages;
}
