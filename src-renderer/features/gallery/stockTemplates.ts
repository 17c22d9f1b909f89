// New templates from label stocks: the stock list grouped by vendor and filtered, and a blank template of a stock's size.
import type { LabelStock } from '@shared/stocks/labelStocks';
import { formatNumber, POINTS_PER_UNIT } from '../../editor/units';
import type { TemplateDraft } from '../../store';

/** What the stock list needs of a stock (the /api/stocks answer may carry more). */
export type Stock = Pick<
  LabelStock,
  'id' | 'vendor' | 'code' | 'name' | 'kind' | 'width' | 'height' | 'units' | 'sheet'
> & { continuous?: true };

export interface StockGroup {
  vendor: string;
  stocks: Stock[];
}

/** "4 × 6 in" */
export function stockSize(stock: Pick<Stock, 'width' | 'height' | 'units'>): string {
  return `${formatNumber(stock.width, stock.units)} × ${formatNumber(stock.height, stock.units)} ${stock.units}`;
}

/** How a stock is listed: Zebra's generic rolls are named by their size already. */
export function stockTitle(stock: Stock): string {
  return stock.vendor === 'Zebra' ? stock.name : `${stock.code} ${stock.name}`;
}

/** A size in a filter: "4x6", "4 × 6 in", "102x152mm", "62 x 100 mm". */
const SIZE_IN_FILTER = /(\d+(?:[.,]\d+)?)\s*[x×]\s*(\d+(?:[.,]\d+)?)\s*(mm|in|")?/i;
/** Without a unit, sides up to this are inches ("4x6"), larger ones millimetres ("102x152"). */
const LARGEST_INCH_SIDE = 20;
/** How far a stock's side may be from the asked one and still match: vendors round 4 in to 101, 102 or 103 mm. */
const SIZE_TOLERANCE = 0.025;
const MIN_TOLERANCE_MM = 1;

interface SizeQuery {
  /** The two sides asked for, in millimetres, in either order. */
  sides: [number, number];
  /** The filter without the size. */
  rest: string;
}

/** The size a filter asks for, if any. */
export function sizeQuery(filter: string): SizeQuery | undefined {
  const match = SIZE_IN_FILTER.exec(filter);
  if (!match) return undefined;
  const [a, b] = [match[1], match[2]].map((side) => Number((side ?? '').replace(',', '.')));
  if (a === undefined || b === undefined || !(a > 0 && b > 0)) return undefined;
  const unit = match[3]?.toLowerCase();
  const inches = unit === undefined ? Math.max(a, b) <= LARGEST_INCH_SIDE : unit !== 'mm';
  const toMm = (side: number) => (inches ? side * 25.4 : side);
  return { sides: [toMm(a), toMm(b)], rest: filter.replace(match[0], ' ') };
}

const stockSidesMm = (stock: Stock): [number, number] =>
  stock.units === 'in' ? [stock.width * 25.4, stock.height * 25.4] : [stock.width, stock.height];

function near(actual: number, asked: number): boolean {
  return Math.abs(actual - asked) <= Math.max(MIN_TOLERANCE_MM, asked * SIZE_TOLERANCE);
}

/** Whether the stock has the asked size, turned either way, whatever units its vendor sells it in. */
function hasSize(stock: Stock, [a, b]: [number, number]): boolean {
  const [width, height] = stockSidesMm(stock);
  return (near(width, a) && near(height, b)) || (near(width, b) && near(height, a));
}

/**
 * Stocks that match the filter, grouped by vendor in list order: a size in it ("4x6", "102 x 152 mm") matches every
 * vendor's stock of that size (Brother's 102 × 152 mm is a 4 × 6), and every other word must be in the vendor, code,
 * name, size or kind.
 */
export function groupStocks(stocks: readonly Stock[], filter: string): StockGroup[] {
  const size = sizeQuery(filter);
  const words = (size?.rest ?? filter).toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, Stock[]>();
  for (const stock of stocks) {
    const haystack = [
      stock.vendor,
      stock.code,
      stock.name,
      stockSize(stock),
      stock.kind,
      stock.continuous ? 'continuous' : '',
    ]
      .join(' ')
      .toLowerCase();
    if (size && !hasSize(stock, size.sides)) continue;
    if (!words.every((word) => haystack.includes(word))) continue;
    const group = groups.get(stock.vendor) ?? [];
    group.push(stock);
    groups.set(stock.vendor, group);
  }
  return [...groups].map(([vendor, list]) => ({ vendor, stocks: list }));
}

export type TemplateUnit = 'mm' | 'in';

/** A quiet border inside the edge: 2 mm (0.08 in), at most a tenth of the shorter side so tiny labels keep room. */
export function defaultSafeMargin(width: number, height: number, unit: TemplateUnit): string {
  const standard = unit === 'mm' ? 2 : 0.08;
  return `${formatNumber(Math.min(standard, Math.min(width, height) / 10), unit)}${unit}`;
}

/** An empty template of this size. Sizes are in `unit`, which becomes the template's unit (rulers, inspector). */
export function blankTemplate(
  name: string,
  width: number,
  height: number,
  unit: TemplateUnit,
  description?: string,
): TemplateDraft {
  return {
    formatVersion: 1,
    meta: { name: name.trim() || 'Untitled label', ...(description ? { description } : {}) },
    dimensions: {
      width: `${formatNumber(width, unit)}${unit}`,
      height: `${formatNumber(height, unit)}${unit}`,
      safeMargin: defaultSafeMargin(width, height, unit),
    },
    elements: [],
  };
}

/** The stock's default template name: vendor and code ("Avery 5160", "Zebra 4 x 6 in"). */
export function stockTemplateName(stock: Stock): string {
  return `${stock.vendor} ${stock.code}`;
}

/** An empty template of the stock's size; a sheet stock's template keeps where its labels sit on the page (printed N-up in PDF). */
export function templateForStock(stock: Stock, name = stockTemplateName(stock)): TemplateDraft {
  const template = blankTemplate(
    name,
    stock.width,
    stock.height,
    stock.units,
    `${stock.vendor} ${stock.code}: ${stock.name}, ${stockSize(stock)}`,
  );
  if (!stock.sheet) return template;
  const length = (value: number) => `${formatNumber(value, stock.units)}${stock.units}`;
  const { pageWidth, pageHeight, columns, rows, marginTop, marginLeft, gapX, gapY } = stock.sheet;
  const sheet = {
    pageWidth: length(pageWidth),
    pageHeight: length(pageHeight),
    columns,
    rows,
    marginTop: length(marginTop),
    marginLeft: length(marginLeft),
    gapX: length(gapX),
    gapY: length(gapY),
  };
  return { ...template, dimensions: { ...template.dimensions, sheet } };
}

/** Largest side a template may have (1 m), in a unit: the custom size fields stop there. */
export function maxSide(unit: TemplateUnit): number {
  return Math.floor(((1000 / 25.4) * 72) / POINTS_PER_UNIT[unit]);
}
