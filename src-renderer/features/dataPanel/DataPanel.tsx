// Records the canvas and previews use: sample records (JSON checked as you type), or a sheet or CSV file loaded to step
// through; and the fields a print asks for.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { readTableFile, TABLE_EXTENSIONS, type TableChoice } from '@shared/records/tableFile';
import { useEditorStore } from '../../store';
import { fieldPaths } from '../inspector/expressionPreview';
import { PromptSection } from './PromptSection';
import { SheetSection } from './SheetSection';

const TABLE_FILES = TABLE_EXTENSIONS.join(',');

/**
 * Loads a records file into the store (the sheet named, else the first; the header row given, else 1), read as the CLI
 * reads it; says what is wrong with one that cannot be read.
 */
function useSheetLoader() {
  const loadSheet = useEditorStore((state) => state.loadSheet);
  const file = useRef<{ name: string; bytes: Uint8Array } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const read = ({ sheet, headerRow = 1 }: TableChoice = {}) => {
    if (!file.current) return;
    try {
      const table = readTableFile(file.current.name, file.current.bytes, { sheet, headerRow });
      loadSheet({ fileName: file.current.name, headerRow, ...table });
      setError(null);
    } catch (failure) {
      setError(`${file.current.name}: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    file.current = { name: chosen.name, bytes: new Uint8Array(await chosen.arrayBuffer()) };
    read();
  };
  return { error, choose, read };
}

export function DataPanel() {
  const sheet = useEditorStore((state) => state.sheet);
  const loader = useSheetLoader();
  return (
    <div className="data-panel">
      <h2 className="panel-title">Data</h2>
      <label className="field">
        <span>Load a sheet (Excel, OpenDocument or CSV)</span>
        <input type="file" accept={TABLE_FILES} onChange={(event) => void loader.choose(event)} />
      </label>
      {loader.error && (
        <p role="alert" className="error-text">
          {loader.error}
        </p>
      )}
      {sheet ? <SheetSection sheet={sheet} onRead={loader.read} /> : <SampleRecords />}
      <PromptSection />
    </div>
  );
}

function SampleRecords() {
  const samples = useEditorStore((state) => state.samples);
  const index = useEditorStore((state) => state.sampleIndex);
  const { setSampleText, addSample, removeSample, selectSample } = useActions();
  const errorId = useId();
  const record = samples[index];
  const fields = record ? fieldPaths(record.data, 'fields', 40) : [];
  return (
    <section aria-label="Sample records">
      <h3 className="panel-subtitle">Sample data</h3>
      <div className="record-nav" role="group" aria-label="Records">
        <button
          type="button"
          aria-label="Previous record"
          onClick={() => selectSample(index - 1)}
          disabled={index <= 0}
        >
          ‹ Previous
        </button>
        <span role="status" className="record-count">
          Record {index + 1} of {samples.length}
        </span>
        <button
          type="button"
          aria-label="Next record"
          onClick={() => selectSample(index + 1)}
          disabled={index >= samples.length - 1}
        >
          Next ›
        </button>
      </div>
      <label className="field">
        <span>Sample data</span>
        <textarea
          className="code sample-text"
          rows={14}
          spellCheck={false}
          value={record?.text ?? ''}
          aria-invalid={record?.error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => setSampleText(index, event.target.value)}
        />
      </label>
      <p id={errorId} className={record?.error ? 'error-text' : 'hint'}>
        {record?.error ? `Not used until fixed: ${record.error}` : 'Valid JSON: the canvas shows this record.'}
      </p>
      <div className="button-row">
        <button type="button" onClick={() => addSample(record?.text ?? '{}')}>
          Add record
        </button>
        <button type="button" onClick={() => removeSample(index)} disabled={samples.length <= 1}>
          Remove record
        </button>
      </div>
      {fields.length > 0 && (
        <>
          <h3 className="panel-subtitle">Fields in this record</h3>
          <ul className="field-list code" aria-label="Fields in this record">
            {fields.map((field) => (
              <li key={field}>{field}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function useActions() {
  return {
    setSampleText: useEditorStore((state) => state.setSampleText),
    addSample: useEditorStore((state) => state.addSample),
    removeSample: useEditorStore((state) => state.removeSample),
    selectSample: useEditorStore((state) => state.selectSample),
  };
}
