// Sample records the canvas and previews use: JSON checked as you type, several records to flip through.
import { useId } from 'react';
import { useEditorStore } from '../../store';
import { fieldPaths } from '../inspector/expressionPreview';

export function DataPanel() {
  const samples = useEditorStore((state) => state.samples);
  const index = useEditorStore((state) => state.sampleIndex);
  const { setSampleText, addSample, removeSample, selectSample } = useActions();
  const errorId = useId();
  const record = samples[index];
  const fields = record ? fieldPaths(record.data, 'fields', 40) : [];
  return (
    <div className="data-panel">
      <h2 className="panel-title">Sample data</h2>
      <div className="record-nav" role="group" aria-label="Records">
        <button type="button" aria-label="Previous record" onClick={() => selectSample(index - 1)} disabled={index <= 0}>
          ‹ Previous
        </button>
        <span role="status" className="record-count">
          Record {index + 1} of {samples.length}
        </span>
        <button type="button" aria-label="Next record" onClick={() => selectSample(index + 1)} disabled={index >= samples.length - 1}>
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
    </div>
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
