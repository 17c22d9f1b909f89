// The label as the server renders it, in the chosen format, with the selected record; "Save" writes exactly those bytes (a download, or the app's save dialog).
import { useMemo, useState } from 'react';
import { FORMATS, type OutputFormat } from '../../api/apiConstants';
import { saveOutputFile, savedNotice } from '../../api/fileTransfer';
import { describeError } from '../../api/apiError';
import { TargetPicker } from '../../editor/target/TargetPicker';
import { editorStore, useEditorStore } from '../../store';
import { PreviewOutput } from './PreviewOutput';
import { previewFileName } from './previewPlan';
import { labelShift } from './printerTruth';
import { usePreview, type PreviewResult } from './usePreview';

const FORMAT_NAMES: Record<OutputFormat, string> = { pdf: 'PDF', png: 'PNG', zpl: 'ZPL', html: 'HTML' };

export function PreviewPanel() {
  const format = useEditorStore((state) => state.previewFormat);
  const setPreviewFormat = useEditorStore((state) => state.setPreviewFormat);
  const name = useEditorStore((state) => state.template.meta.name);
  const recordNumber = useEditorStore((state) => (state.sheet ? state.sheetIndex : state.sampleIndex) + 1);
  const [round, setRound] = useState(0);
  const target = useEditorStore((state) => state.canvasTarget);
  const shift = useMemo(() => labelShift(target), [target]);
  // The PNG at the resolution the canvas draws for (the printer's, or the one chosen beside it): one control, not two.
  const state = usePreview(format, target.dpi, target, round);
  const result = state.status === 'ready' ? state.result : state.status === 'loading' ? state.last : null;
  const current = result?.format === format ? result : null;
  const save = async (shown: PreviewResult) => {
    const { showNotice } = editorStore.getState();
    try {
      const notice = savedNotice(
        await saveOutputFile(previewFileName(name, shown.format), shown.format, shown.saved),
        `the ${FORMAT_NAMES[shown.format]}`,
      );
      if (notice) showNotice('info', notice);
    } catch (error) {
      showNotice('error', `Not saved: ${describeError(error)}`);
    }
  };

  return (
    <div className="preview-panel">
      <h2 className="panel-title">Preview and export</h2>
      <fieldset className="segmented">
        <legend>Format</legend>
        {FORMATS.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="preview-format"
              value={option}
              checked={format === option}
              onChange={() => setPreviewFormat(option)}
            />
            <span>{FORMAT_NAMES[option]}</span>
          </label>
        ))}
      </fieldset>
      <div className="field-row">
        {/* The printer the canvas draws for: barcodes in its dots, and the ZPL made and drawn for it. */}
        <div className="field" role="group" aria-label="Printer">
          <TargetPicker />
        </div>
        <button type="button" onClick={() => setRound((value) => value + 1)}>
          Refresh preview
        </button>
        <button type="button" className="primary" disabled={!current} onClick={() => current && void save(current)}>
          Save {FORMAT_NAMES[format]}
        </button>
      </div>
      <p role="status" className="hint">
        {state.status === 'loading'
          ? 'Rendering…'
          : state.status === 'ready'
            ? `Rendered with record ${recordNumber}.`
            : ''}
      </p>
      {state.status === 'error' && (
        <p role="alert" className="error-text">
          The server could not render this label: {state.message}
        </p>
      )}
      {current && (
        <PreviewOutput
          result={current}
          formatName={FORMAT_NAMES[format]}
          zplDpi={target.dpi}
          darkness={target.darkness}
          shift={shift}
        />
      )}
    </div>
  );
}
