// New templates from label stocks: the stock list grouped by vendor and filtered, and a blank template of a stock's size.
import type { LabelStock } from '../../../src-shared/stocks/labelStocks';
import { formatNumber, POINTS_PER_UNIT } from '../../editor/units';
import type { TemplateDraft } from '../../store';

/** What the stock list needs of a stock (the /api/stocks answer may carry more). */
export type Stock = Pick<LabelStock, 'id' | 'vendor' | 'code' | 'name' | 'kind' | 'width' | 'height' | 'units'> & { continuous?: true };

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

/** Stocks whose vendor, code, name, size or kind contain every word of the filter, grouped by vendor in list order. */
export function groupStocks(stocks: readonly Stock[], filter: string): StockGroup[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, Stock[]>();
  for (const stock of stocks) {
    // "4x6" finds "4 × 6 in" too.
    const compactSize = `${formatNumber(stock.width, stock.units)}x${formatNumber(stock.height, stock.units)}`;
    const haystack = [stock.vendor, stock.code, stock.name, stockSize(stock), compactSize, stock.kind, stock.continuous ? 'continuous' : ''].join(' ').toLowerCase();
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
export function blankTemplate(name: string, width: number, height: number, unit: TemplateUnit, description?: string): TemplateDraft {
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

export function templateForStock(stock: Stock, name = stockTemplateName(stock)): TemplateDraft {
  return blankTemplate(name, stock.width, stock.height, stock.units, `${stock.vendor} ${stock.code}: ${stock.name}, ${stockSize(stock)}`);
}

/** Largest side a template may have (1 m), in a unit: the custom size fields stop there. */
export function maxSide(unit: TemplateUnit): number {
  return Math.floor(((1000 / 25.4) * 72) / POINTS_PER_UNIT[unit]);
}
