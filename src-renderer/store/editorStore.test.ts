import { beforeEach, describe, expect, it } from 'vitest';
import { EDITOR_KINDS } from '../elements/editorKinds';
import { createEditorStore, type EditorStore } from './editorStore';
import { elementBounds } from './geometry';
import { HISTORY_LIMIT } from './historySlice';
import { parseSample, sampleTextsOf, withSampleData, withoutSampleData } from './sampleDataSlice';
import { selectCanRedo, selectCanUndo, selectIsDirty, selectSampleData, selectSelectedElements } from './selectors';
import type { ElementDraft, TemplateDraft } from './templateDraft';

const MM = 72 / 25.4;

const rect = (id: string, x: number, y: number, width = 10, height = 10): ElementDraft => ({
  id,
  type: 'rect',
  position: { mode: 'absolute', x: `${x}mm`, y: `${y}mm` },
  width: `${width}mm`,
  height: `${height}mm`,
});

const template = (elements: ElementDraft[], width = '100mm'): TemplateDraft => ({
  formatVersion: 1,
  meta: { name: 'Test' },
  dimensions: { width, height: '50mm' },
  elements,
});

let store: EditorStore;
const state = () => store.getState();
const ids = () => state().template.elements.map((element) => element.id);
const element = (id: string) => state().template.elements.find((candidate) => candidate.id === id);
const position = (id: string) => element(id)?.position;

beforeEach(() => {
  store = createEditorStore();
  state().loadDocument(template([rect('a', 10, 10), rect('b', 30, 20), rect('c', 60, 5)]), {
    id: 't1',
    slug: 'tag',
    status: 'draft',
  });
});

/** Runs an action, checks it made exactly one undo step that undoes and redoes it. */
function expectOneStep(action: () => void): void {
  const before = state().template;
  const steps = state().past.length;
  action();
  const after = state().template;
  expect(after).not.toBe(before);
  expect(state().past.length).toBe(steps + 1);
  state().undo();
  expect(state().template).toBe(before);
  state().redo();
  expect(state().template).toBe(after);
}

describe('document and history', () => {
  it('loads a document with its info and a fresh history', () => {
    state().moveElements(['a'], 1, 1);
    state().loadDocument(template([]), { slug: 'other' });
    expect(state()).toMatchObject({
      past: [],
      future: [],
      selectedIds: [],
      documentInfo: { id: null, slug: 'other', status: null },
    });
    expect(selectIsDirty(state())).toBe(false);
  });

  it('makes every document action one undo step', () => {
    state().select(['a', 'b']);
    expectOneStep(() => state().addElement('text', EDITOR_KINDS.text.defaults, { x: 50, y: 50 }));
    expectOneStep(() => state().updateElement('a', { style: { fill: '#ff0000' } }));
    expectOneStep(() => state().moveElements(['a', 'b'], MM, 2 * MM));
    expectOneStep(() => state().transformElements([{ id: 'a', width: 20 * MM, rotation: 45 }]));
    state().select(['a', 'b']);
    expectOneStep(() => state().duplicateSelection());
    state().select(['a', 'b']);
    expectOneStep(() => state().bringToFront());
    expectOneStep(() => state().sendToBack());
    expectOneStep(() => state().bringForward());
    state().select(['b']);
    expectOneStep(() => state().sendBackward());
    state().select(['a', 'b']);
    expectOneStep(() => state().alignSelection('left'));
    state().select(['a', 'b', 'c']);
    expectOneStep(() => state().distributeSelection('horizontal'));
    expectOneStep(() => state().nudgeSelection('right', true));
    expectOneStep(() => state().updateTemplate({ dimensions: { width: '120mm' } }));
    state().select(['c']);
    expectOneStep(() => state().deleteSelection());
    state().select(['a']);
    expectOneStep(() => state().cutSelection());
    expectOneStep(() => state().paste());
  });

  it('makes no step for an edit that changes nothing', () => {
    state().updateElement('a', { width: '10mm' });
    state().moveElements(['a'], 0, 0);
    state().moveElements(['nope'], 5, 5);
    state().select([]);
    state().alignSelection('left');
    state().bringToFront();
    state().select(['c']);
    state().bringToFront();
    expect(state().past).toEqual([]);
  });

  it('does not record selection, viewport, sample data or clipboard changes', () => {
    state().select(['a']);
    state().toggleSelected('b');
    state().selectAll();
    state().clearSelection();
    state().setZoom(3);
    state().setPan({ x: 5, y: 5 });
    state().setGrid({ visible: true });
    state().setSampleText(0, '{"a": 1}');
    state().select(['a']);
    state().copySelection();
    expect(state().past).toEqual([]);
    expect(selectCanUndo(state())).toBe(false);
  });

  it('clears the redo stack on a new change and caps the history', () => {
    state().moveElements(['a'], 1, 0);
    state().undo();
    expect(selectCanRedo(state())).toBe(true);
    state().moveElements(['b'], 1, 0);
    expect(selectCanRedo(state())).toBe(false);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) state().moveElements(['a'], 1, 0);
    expect(state().past.length).toBe(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) state().undo();
    expect(selectCanUndo(state())).toBe(false);
    expect(state().future.length).toBe(HISTORY_LIMIT);
  });

  it('is dirty until saved, and clean again when undone back to the saved template', () => {
    state().moveElements(['a'], 1, 0);
    expect(selectIsDirty(state())).toBe(true);
    state().undo();
    expect(selectIsDirty(state())).toBe(false);
    state().moveElements(['a'], 1, 0);
    state().markSaved();
    expect(selectIsDirty(state())).toBe(false);
  });

  it('drops undone elements from the selection', () => {
    const id = state().addElement('ellipse', EDITOR_KINDS.ellipse.defaults);
    expect(state().selectedIds).toEqual([id]);
    state().undo();
    expect(state().selectedIds).toEqual([]);
  });
});

describe('gestures', () => {
  it('records a drag of many moves as one step', () => {
    const before = state().template;
    state().beginGesture();
    for (let i = 1; i <= 10; i++) state().moveElements(['a'], MM, 0);
    expect(state().past).toEqual([]);
    state().endGesture();
    expect(position('a')?.x).toBe('20mm');
    expect(state().past).toEqual([before]);
    state().undo();
    expect(position('a')?.x).toBe('10mm');
  });

  it('records nothing for a gesture that changed nothing, and cancelling restores the start', () => {
    state().beginGesture();
    state().endGesture();
    expect(state().past).toEqual([]);
    const before = state().template;
    state().beginGesture();
    state().transformElements([{ id: 'b', width: 50 * MM }]);
    state().cancelGesture();
    expect(state().template).toBe(before);
    expect(state().past).toEqual([]);
  });

  it('waits with undo and redo while a gesture runs', () => {
    state().moveElements(['a'], MM, 0);
    state().beginGesture();
    state().moveElements(['a'], MM, 0);
    state().undo();
    expect(position('a')?.x).toBe('12mm');
    expect(selectCanUndo(state())).toBe(false);
    state().endGesture();
    state().undo();
    expect(position('a')?.x).toBe('11mm');
  });
});

describe('element actions', () => {
  it('adds an element of each type centred where asked, with a unique id, and selects it', () => {
    const first = state().addElement('text', EDITOR_KINDS.text.defaults, { x: 50 * MM, y: 25 * MM });
    const second = state().addElement('text', EDITOR_KINDS.text.defaults);
    expect([first, second]).toEqual(['text', 'text-2']);
    expect(element('text')).toMatchObject({
      type: 'text',
      position: { x: '30mm', y: '21mm' },
      width: '40mm',
      height: '8mm',
    });
    expect(state().selectedIds).toEqual(['text-2']);
    for (const type of ['barcode', 'image', 'line', 'rect', 'ellipse'] as const)
      expect(element(state().addElement(type, EDITOR_KINDS[type].defaults))?.type).toBe(type);
    expect(state().addElement('barcode', EDITOR_KINDS.barcode.defaults, undefined, { symbology: 'qrcode' })).toBe(
      'barcode-2',
    );
    expect(element('barcode-2')).toMatchObject({ symbology: 'qrcode' });
  });

  it('places an element added without a place where there is room, not over what is in the middle', () => {
    state().loadDocument(template([rect('middle', 30, 20, 40, 10)]));
    const id = state().addElement('barcode', EDITOR_KINDS.barcode.defaults);
    const boundsOf = (elementId: string) => {
      const found = element(elementId);
      const bounds = found && elementBounds(found);
      if (!bounds) throw new Error(`${elementId} has no bounds`);
      return bounds;
    };
    const [added, middle] = [boundsOf(id), boundsOf('middle')];
    // A millimetre below the middle rectangle, centred across the label as it is.
    expect(added.y - (middle.y + middle.height)).toBeCloseTo(MM, 6);
    expect(added.x + added.width / 2).toBeCloseTo(50 * MM, 6);
  });

  it('writes new lengths in the template unit with its precision', () => {
    state().loadDocument(template([], '4in'));
    state().addElement('rect', EDITOR_KINDS.rect.defaults, { x: 100, y: 100 });
    expect(element('rect')).toMatchObject({
      position: { x: '0.798in', y: '0.995in' },
      width: '1.181in',
      height: '0.787in',
    });
  });

  it('merges patches in template terms and removes keys set to undefined', () => {
    state().updateElement('a', { style: { fill: '#ff0000' } });
    state().updateElement('a', { style: { stroke: 'none' } });
    expect(element('a')).toMatchObject({ style: { fill: '#ff0000', stroke: 'none' } });
    state().updateElement('a', { style: undefined });
    expect(element('a')).not.toHaveProperty('style');
  });

  it('keeps a renamed element selected', () => {
    state().select(['a', 'b']);
    state().updateElement('a', { id: 'logo' });
    expect(state().selectedIds).toEqual(['logo', 'b']);
  });

  it('moves in points, keeping each length in its own unit', () => {
    state().updateElement('b', { position: { x: '20pt' } });
    state().moveElements(['a', 'b'], 72 / 25.4, -1);
    expect(position('a')).toEqual({ mode: 'absolute', x: '11mm', y: '9.65mm' });
    expect(position('b')).toEqual({ mode: 'absolute', x: '22.83pt', y: '19.65mm' });
  });

  it('resizes and rotates, normalising the angle', () => {
    state().transformElements([{ id: 'a', x: 0, y: 0, width: 72, height: 36, rotation: -90 }]);
    expect(element('a')).toMatchObject({
      position: { x: '0mm', y: '0mm' },
      width: '25.4mm',
      height: '12.7mm',
      rotation: 270,
    });
    state().transformElements([{ id: 'a', rotation: 720.004 }]);
    expect(element('a')?.rotation).toBe(0);
  });

  it('deletes the selection', () => {
    state().select(['a', 'c']);
    state().deleteSelection();
    expect(ids()).toEqual(['b']);
    expect(state().selectedIds).toEqual([]);
  });

  it('duplicates the selection offset by 2 mm, on top, and selects the copies', () => {
    state().select(['a', 'b']);
    state().duplicateSelection();
    expect(ids()).toEqual(['a', 'b', 'c', 'a-2', 'b-2']);
    expect(state().selectedIds).toEqual(['a-2', 'b-2']);
    expect(position('a-2')).toMatchObject({ x: '12mm', y: '12mm' });
  });

  it('pastes copies further out each time; a cut pastes back in place first', () => {
    state().select(['a']);
    state().copySelection();
    state().paste();
    state().paste();
    expect(ids()).toEqual(['a', 'b', 'c', 'a-2', 'a-3']);
    expect([position('a-2')?.x, position('a-3')?.x]).toEqual(['12mm', '14mm']);
    expect(state().selectedIds).toEqual(['a-3']);
    state().select(['b']);
    state().cutSelection();
    expect(ids()).not.toContain('b');
    state().paste();
    expect(position('b')).toMatchObject({ x: '30mm', y: '20mm' });
    state().paste();
    expect(position('b-2')).toMatchObject({ x: '32mm', y: '22mm' });
  });

  it('changes the drawing order of the selection', () => {
    state().loadDocument(template(['a', 'b', 'c', 'd', 'e'].map((id) => rect(id, 0, 0))));
    state().select(['b', 'c']);
    state().bringForward();
    expect(ids()).toEqual(['a', 'd', 'b', 'c', 'e']);
    state().bringToFront();
    expect(ids()).toEqual(['a', 'd', 'e', 'b', 'c']);
    state().sendToBack();
    expect(ids()).toEqual(['b', 'c', 'a', 'd', 'e']);
    state().select(['d']);
    state().sendBackward();
    expect(ids()).toEqual(['b', 'c', 'd', 'a', 'e']);
  });

  it('aligns several elements to their bounds and one element to the label', () => {
    state().select(['a', 'b']);
    state().alignSelection('right');
    expect([position('a')?.x, position('b')?.x]).toEqual(['30mm', '30mm']);
    state().alignSelection('middle');
    expect([position('a')?.y, position('b')?.y]).toEqual(['15mm', '15mm']);
    state().select(['c']);
    state().alignSelection('center');
    expect(position('c')?.x).toBe('45mm');
    state().alignSelection('bottom');
    expect(position('c')?.y).toBe('40mm');
  });

  it('distributes three or more elements with equal gaps', () => {
    state().select(['a', 'b', 'c']);
    state().distributeSelection('horizontal');
    // Span 10..70, widths 30: two gaps of 15.
    expect([position('a')?.x, position('b')?.x, position('c')?.x]).toEqual(['10mm', '35mm', '60mm']);
    state().distributeSelection('vertical');
    expect([position('c')?.y, position('a')?.y, position('b')?.y]).toEqual(['5mm', '12.5mm', '20mm']);
  });

  it('nudges by 0.1 mm, or 1 mm with shift', () => {
    state().select(['a']);
    state().nudgeSelection('right');
    state().nudgeSelection('down', true);
    state().nudgeSelection('left');
    state().nudgeSelection('up');
    expect(position('a')).toMatchObject({ x: '10mm', y: '10.9mm' });
  });

  it('hands out the same selected-elements array until the inputs change', () => {
    state().select(['a']);
    const first = selectSelectedElements(state());
    state().setZoom(2);
    expect(selectSelectedElements(state())).toBe(first);
    state().moveElements(['a'], 1, 1);
    expect(selectSelectedElements(state())).not.toBe(first);
  });
});

describe('viewport', () => {
  it('zooms about an anchor and clamps the zoom', () => {
    state().setZoom(1);
    state().setPan({ x: 10, y: 10 });
    state().setZoom(2, { x: 110, y: 60 });
    // The label point under (110, 60) was (100, 50) and still is.
    expect(state().pan).toEqual({ x: -90, y: -40 });
    // 800 % and 25 % of the true size (96 px per inch) at most and at least.
    state().setZoom(1000);
    expect(state().zoom).toBeCloseTo(8 * (96 / 72), 9);
    state().setZoom(0.01);
    expect(state().zoom).toBeCloseTo(0.25 * (96 / 72), 9);
  });

  it('fits the label into a viewport', () => {
    state().fitToView({ width: 1000, height: 600 }, 0);
    // 100 x 50 mm: the width limits.
    expect(state().zoom).toBeCloseTo(1000 / (100 * MM), 9);
    expect(state().pan.x).toBeCloseTo(0, 9);
    expect(state().pan.y).toBeCloseTo(50, 9);
  });
});

describe('sample data', () => {
  it('parses records, keeps the last good data while a record does not parse, and selects records', () => {
    state().loadSamples(['{"name": "A"}', '{"name": "B"}']);
    expect(selectSampleData(state())).toEqual({ name: 'A' });
    state().setSampleText(0, '{"name": "A2"');
    expect(state().samples[0]?.error).toMatch(/JSON/);
    expect(selectSampleData(state())).toEqual({ name: 'A' });
    state().setSampleText(0, '[1]');
    expect(state().samples[0]?.error).toMatch(/JSON object/);
    state().setSampleText(0, '{"name": "A3"}');
    expect(state().samples[0]).toEqual({ text: '{"name": "A3"}', data: { name: 'A3' }, error: null });
    state().selectSample(1);
    expect(selectSampleData(state())).toEqual({ name: 'B' });
    state().addSample();
    expect(state().sampleIndex).toBe(2);
    state().removeSample(0);
    expect(state().sampleIndex).toBe(1);
    expect(state().samples.map((sample) => sample.text)).toEqual(['{"name": "B"}', '{}']);
  });

  it('makes the document unsaved when records change, not when another record is selected', () => {
    state().loadSamples(['{"name": "A"}', '{"name": "B"}']);
    expect(selectIsDirty(state())).toBe(false);
    state().selectSample(1);
    expect(selectIsDirty(state())).toBe(false);
    state().setSampleText(1, '{"name": "B2"}');
    expect(selectIsDirty(state())).toBe(true);
    // What documentActions does once the server has the template and its records.
    store.setState({ savedTemplate: state().template, savedSamples: state().samples });
    expect(selectIsDirty(state())).toBe(false);
    state().addSample();
    expect(selectIsDirty(state())).toBe(true);
  });

  it('are saved in meta.sampleData as their last good data, and opened from there as texts', () => {
    const saved = withSampleData(template([]), [
      parseSample('{"name": "Ada"}'),
      parseSample('{"name": broken', { name: 'Grace' }),
    ]);
    expect(saved.meta).toEqual({ name: 'Test', sampleData: [{ name: 'Ada' }, { name: 'Grace' }] });
    expect(sampleTextsOf(saved).map((text) => JSON.parse(text) as unknown)).toEqual([
      { name: 'Ada' },
      { name: 'Grace' },
    ]);
    // The draft leaves them to the data panel, and a lone empty record is no sample data.
    expect(withoutSampleData(saved)).toEqual(template([]));
    expect(withSampleData(saved, [parseSample('{}')]).meta).toEqual({ name: 'Test' });
    expect(sampleTextsOf(template([]))).toEqual(['{}']);
  });

  it('hands out the same data object while the record is unchanged', () => {
    state().loadSamples(['{"n": 1}']);
    const data = selectSampleData(state());
    state().setZoom(2);
    state().moveElements(['a'], 1, 1);
    expect(selectSampleData(state())).toBe(data);
  });
});

describe('a sheet belongs to the template it was loaded for', () => {
  const sheet = (fileName: string) => ({
    fileName,
    sheet: null,
    sheetNames: [],
    headerRow: 1,
    columns: ['name'],
    records: [{ name: 'Ada' }, { name: 'Grace' }],
  });

  it('is put aside when another template opens, and shown again when its own template opens again', () => {
    state().loadSheet(sheet('a.csv'));
    state().selectSheetRecord(1);
    state().loadDocument(template([]), { id: 't2', slug: 'other' });
    expect([state().sheet, state().sheetIndex]).toEqual([null, 0]);
    state().loadSheet(sheet('b.csv'));
    state().loadDocument(template([rect('a', 10, 10)]), { id: 't1', slug: 'tag' });
    expect([state().sheet?.fileName, state().sheetIndex]).toEqual(['a.csv', 1]);
    state().loadDocument(template([]), { id: 't2', slug: 'other' });
    expect(state().sheet?.fileName).toBe('b.csv');
  });

  it('stays with its template when that template is opened again, and is not kept for one that was never saved', () => {
    state().loadSheet(sheet('a.csv'));
    state().loadDocument(template([rect('a', 10, 10)]), { id: 't1', slug: 'tag' });
    expect(state().sheet?.fileName).toBe('a.csv');
    state().loadDocument(template([]));
    state().loadSheet(sheet('unsaved.csv'));
    state().loadDocument(template([]));
    expect(state().sheet).toBeNull();
    state().loadDocument(template([rect('a', 10, 10)]), { id: 't1', slug: 'tag' });
    expect(state().sheet?.fileName).toBe('a.csv');
  });

  it('is forgotten for its template once closed', () => {
    state().loadSheet(sheet('a.csv'));
    state().closeSheet();
    state().loadDocument(template([]), { id: 't2', slug: 'other' });
    state().loadDocument(template([rect('a', 10, 10)]), { id: 't1', slug: 'tag' });
    expect(state().sheet).toBeNull();
  });
});
