// Sample data records the label is previewed with: JSON texts as typed, each with its last good parse and its error.
import type { StateCreator } from 'zustand';
import type { LabelData } from '../../src-shared/layout/layoutLabel';
import type { EditorState } from './editorState';

export interface SampleRecord {
  /** As typed. */
  text: string;
  /** The last parse of `text` that was a JSON object; kept while the text does not parse, so the canvas keeps its data. */
  data: LabelData;
  /** Why `text` does not parse as a JSON object; null when it does. */
  error: string | null;
}

export interface SampleDataSlice {
  samples: SampleRecord[];
  /** The record the canvas shows. */
  sampleIndex: number;
  /** Replaces all records (say when a template is opened); selects the first. */
  loadSamples(texts: readonly string[]): void;
  setSampleText(index: number, text: string): void;
  /** Appends a record and selects it. */
  addSample(text?: string): void;
  removeSample(index: number): void;
  selectSample(index: number): void;
}

/** One shared empty object: selectors hand out stable references, so layouts are not redone for nothing. */
export const EMPTY_DATA: LabelData = Object.freeze({}) as LabelData;

export function parseSample(text: string, previous: LabelData = EMPTY_DATA): SampleRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { text, data: previous, error: error instanceof Error ? error.message : String(error) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { text, data: previous, error: 'sample data must be a JSON object, such as {"name": "Espresso"}' };
  }
  return { text, data: value as LabelData, error: null };
}

export const createSampleDataSlice: StateCreator<EditorState, [], [], SampleDataSlice> = (set) => ({
  samples: [parseSample('{}')],
  sampleIndex: 0,
  loadSamples: (texts) => set({ samples: (texts.length > 0 ? texts : ['{}']).map((text) => parseSample(text)), sampleIndex: 0 }),
  setSampleText: (index, text) =>
    set((state) => {
      const record = state.samples[index];
      if (!record || record.text === text) return {};
      const samples = [...state.samples];
      samples[index] = parseSample(text, record.data);
      return { samples };
    }),
  addSample: (text = '{}') => set((state) => ({ samples: [...state.samples, parseSample(text)], sampleIndex: state.samples.length })),
  removeSample: (index) =>
    set((state) => {
      if (state.samples.length <= 1 || !state.samples[index]) return {};
      const samples = state.samples.filter((_, at) => at !== index);
      return { samples, sampleIndex: Math.min(state.sampleIndex > index ? state.sampleIndex - 1 : state.sampleIndex, samples.length - 1) };
    }),
  selectSample: (index) => set((state) => (state.samples[index] ? { sampleIndex: index } : {})),
});
