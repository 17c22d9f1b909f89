import { describe, expect, it } from 'vitest';
import { createEditorStore } from './editorStore';
import { selectSampleData, selectSheetRecords } from './selectors';
import { missingFields } from './sheetWarnings';

const template = {
  formatVersion: 1 as const,
  meta: { name: 'Tag', columnMap: { name: 'Customer' } },
  dimensions: { width: '50mm', height: '30mm' },
  elements: [
    {
      id: 'a',
      type: 'text' as const,
      position: { mode: 'absolute' as const, x: '1mm', y: '1mm' },
      width: '20mm',
      height: '5mm',
      content: { expression: 'data.name + data.lot' },
    },
    {
      id: 'b',
      type: 'text' as const,
      position: { mode: 'absolute' as const, x: '1mm', y: '8mm' },
      width: '20mm',
      height: '5mm',
      content: { expression: 'data.articleNo' },
    },
  ],
  prompts: [{ name: 'lot', label: 'Lot' }],
};

describe('a loaded sheet in the editor', () => {
  it('maps records by the saved mapping and by name, shows the chosen record, and names the fields records leave empty', () => {
    const store = createEditorStore();
    store.getState().loadDocument(template);
    // Without a sheet the selector hands out one empty list: a new one per call would re-render its components for ever.
    expect(selectSheetRecords(store.getState())).toBe(selectSheetRecords(store.getState()));
    store.getState().loadSheet({
      fileName: 'wave.csv',
      sheet: null,
      sheetNames: [],
      headerRow: 1,
      columns: ['Customer', 'Article No'],
      records: [
        { Customer: 'Ada', 'Article No': '1' },
        { Customer: '', 'Article No': '2' },
      ],
    });
    const records = selectSheetRecords(store.getState());
    expect(records.map((record) => [record.name, record.articleNo])).toEqual([
      ['Ada', '1'],
      ['', '2'],
    ]);
    store.getState().selectSheetRecord(1);
    expect(selectSampleData(store.getState())).toBe(records[1]);
    expect(missingFields(records, ['name', 'articleNo'])).toEqual([{ record: 2, field: 'name' }]);
    store.getState().updateTemplate({ meta: { columnMap: { name: undefined } } });
    expect(selectSheetRecords(store.getState()).map((record) => record.name)).toEqual([undefined, undefined]);
  });
});
