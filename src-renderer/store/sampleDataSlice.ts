// Sample data records the label is previewed with: JSON texts as typed, each with its last good parse and its error.
import type { StateCreator } from 'zustand';
import type { LabelData } from '@shared/layout/layoutLabel';
import type { EditorState } from './editorState';
import type { TemplateDraft } from './templateDraft';

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
  /** The records as last loaded or saved with the template: they are unsaved while `samples` is another array. */
  savedSamples: SampleRecord[];
  /** The record the canvas shows. */
  sampleIndex: number;
  /** Replaces all records (say when a template is opened), as saved; selects the first. */
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

/** A template's saved records (meta.sampleData) as the data panel's texts; one empty record when it has none. */
export function sampleTextsOf(template: TemplateDraft): string[] {
  const records = template.meta.sampleData ?? [];
  return records.length > 0 ? records.map((record) => JSON.stringify(record, null, 2)) : ['{}'];
}

/** The draft the editor holds: its records live in the data panel meanwhile, so typing there is not a document edit. */
export function withoutSampleData(template: TemplateDraft): TemplateDraft {
  if (template.meta.sampleData === undefined) return template;
  const meta = { ...template.meta };
  delete meta.sampleData;
  return { ...template, meta };
}

/**
 * The template as saved: its meta carries each record's last good data, so the thumbnail and the next visit (in any
 * browser, or after an export and import) have them. A lone empty record is no sample data at all.
 */
export function withSampleData(template: TemplateDraft, samples: readonly SampleRecord[]): TemplateDraft {
  const records = samples.map((sample) => sample.data);
  const meaningful = records.length > 1 || records.some((record) => Object.keys(record).length > 0);
  return meaningful ? { ...template, meta: { ...template.meta, sampleData: records } } : withoutSampleData(template);
}

const NO_SAMPLES = [parseSample('{}')];

export const createSampleDataSlice: StateCreator<EditorState, [], [], SampleDataSlice> = (set) => ({
  samples: NO_SAMPLES,
  savedSamples: NO_SAMPLES,
  sampleIndex: 0,
  loadSamples: (texts) => {
    const samples = (texts.length > 0 ? texts : ['{}']).map((text) => parseSample(text));
    set({ samples, savedSamples: samples, sampleIndex: 0 });
  },
  setSampleText: (index, text) =>
    set((state) => {
      const record = state.samples[index];
      if (!record || record.text === text) return {};
      const samples = [...state.samples];
      samples[index] = parseSample(text, record.data);
      return { samples };
    }),
  addSample: (text = '{}') =>
    set((state) => ({ samples: [...state.samples, parseSample(text)], sampleIndex: state.samples.length })),
  removeSample: (index) =>
    set((state) => {
      if (state.samples.length <= 1 || !state.samples[index]) return {};
      const samples = state.samples.filter((_, at) => at !== index);
      return {
        samples,
        sampleIndex: Math.min(
          state.sampleIndex > index ? state.sampleIndex - 1 : state.sampleIndex,
          samples.length - 1,
        ),
      };
    }),
  selectSample: (index) => set((state) => (state.samples[index] ? { sampleIndex: index } : {})),
});
