// The stock catalogue as radio buttons, one group per vendor, narrowed by the filter.
import type { Stock } from './stockTemplates';
import { groupStocks, stockSize, stockTitle } from './stockTemplates';

export function StockList({
  stocks,
  filter,
  chosen,
  onChoose,
}: {
  stocks: readonly Stock[];
  filter: string;
  chosen: string;
  onChoose(id: string): void;
}) {
  const groups = groupStocks(stocks, filter);
  if (groups.length === 0) return <p className="muted">No stock matches “{filter}”.</p>;
  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.vendor} className="stock-group">
          <legend>{group.vendor}</legend>
          {group.stocks.map((stock) => (
            <label key={stock.id} className="stock-option">
              <input
                type="radio"
                name="stock"
                value={stock.id}
                checked={chosen === stock.id}
                onChange={() => onChoose(stock.id)}
              />
              <span>{stockTitle(stock)}</span>
              <span className="muted">{stockSize(stock)}</span>
            </label>
          ))}
        </fieldset>
      ))}
    </>
  );
}
