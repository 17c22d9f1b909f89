// "New label": pick a stock (grouped by vendor, filtered) or a custom size, name it, and the template is made and opened.
import { useMemo, useState, type FormEvent } from 'react';
import { client } from '../../api/appClient';
import { Dialog } from '../../ui/Dialog';
import { useLoader } from '../../ui/useLoader';
import { CustomSizeFields, type CustomSize } from './CustomSizeFields';
import { StockList } from './StockList';
import { useCreateAndOpen } from './useCreateAndOpen';
import { blankTemplate, stockTemplateName, templateForStock } from './stockTemplates';

const CUSTOM = 'custom';

export function NewLabelDialog({ onClose }: { onClose(): void }) {
  const stocks = useLoader(() => client.listStocks(), 'stocks');
  const [filter, setFilter] = useState('');
  const [choice, setChoice] = useState<string>(CUSTOM);
  const [custom, setCustom] = useState<CustomSize>({ width: '50', height: '30', unit: 'mm' });
  const [name, setName] = useState('');
  const { busy, error, run } = useCreateAndOpen(onClose);
  const chosenStock = useMemo(() => stocks.data?.find((stock) => stock.id === choice), [stocks.data, choice]);
  const width = Number(custom.width);
  const height = Number(custom.height);
  const customValid = Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0;
  const canCreate = !busy && (chosenStock !== undefined || (choice === CUSTOM && customValid));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate) return;
    const content = chosenStock
      ? templateForStock(chosenStock, name.trim() || undefined)
      : blankTemplate(name, width, height, custom.unit);
    await run(() => client.createTemplate(content));
  };

  return (
    <Dialog title="New label" onClose={onClose} className="dialog-wide">
      <form className="form-stack" onSubmit={submit}>
        <label className="field">
          <span>Template name</span>
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={chosenStock ? stockTemplateName(chosenStock) : 'Untitled label'}
            maxLength={200}
          />
        </label>
        <label className="field">
          <span>Filter stocks</span>
          <input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Vendor, code, size: “avery 5160”, “4 × 6”"
          />
        </label>
        <div className="stock-picker">
          <label className="stock-option">
            <input
              type="radio"
              name="stock"
              value={CUSTOM}
              checked={choice === CUSTOM}
              onChange={() => setChoice(CUSTOM)}
            />
            <span>Custom size</span>
          </label>
          {choice === CUSTOM && <CustomSizeFields size={custom} onChange={setCustom} />}
          {stocks.loading && !stocks.data && <p role="status">Loading stocks…</p>}
          {stocks.error && <p role="alert">Could not load the stocks: {stocks.error}</p>}
          {stocks.data && <StockList stocks={stocks.data} filter={filter} chosen={choice} onChoose={setChoice} />}
        </div>
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!canCreate}>
            {busy ? 'Creating…' : 'Create label'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
