// The ZPL page: paste or open ZPL, see each label drawn as it is typed with the reader's warnings, then print it or import it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore } from '../../store';
import type { ZplPreviewRequest } from '@shared/api/zplEditorApi';
import type { ZplWarning } from '@shared/read/zpl/zplField';
import { ImportZplDialog } from './ImportZplDialog';
import { useZplPreview } from './useZplPreview';
import { checkLabelSize, DEFAULT_LABEL_SETTINGS, type ZplLabelSettings } from './zplLabelSize';
import { ZplLabelPreviews } from './ZplLabelPreviews';
import { ZplPrintDialog } from './ZplPrintDialog';
import { ZplSizeFields } from './ZplSizeFields';
import { ZplSourceField } from './ZplSourceField';
import { warningRange } from './zplTextPositions';
import { ZplWarningList } from './ZplWarningList';

type OpenDialog = 'print' | 'import' | null;

/** `jobId`: a print job whose ZPL opens in the page (from the print history: what a virtual printer received, say). */
export function ZplPage({ jobId }: { jobId?: string }) {
  const [zpl, setZpl] = useState('');
  useEffect(() => {
    if (jobId === undefined) return;
    let wanted = true;
    client.getPrintJobZpl(jobId).then(
      (text) => wanted && setZpl(text),
      (failure: unknown) =>
        wanted &&
        editorStore.getState().showNotice('error', `The job's ZPL could not be opened: ${describeError(failure)}`),
    );
    return () => {
      wanted = false;
    };
  }, [jobId]);
  const [settings, setSettings] = useState<ZplLabelSettings>(DEFAULT_LABEL_SETTINGS);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const source = useRef<HTMLTextAreaElement>(null);
  const size = checkLabelSize(settings);
  const hasZpl = zpl.trim() !== '';
  // A new request only when what is drawn changes: the preview hook asks the server once per change.
  const [dpmm, width, height] = size.ok ? [size.dpmm, size.width, size.height] : [null, null, null];
  const request = useMemo<ZplPreviewRequest | null>(
    () => (hasZpl && dpmm !== null && width !== null && height !== null ? { zpl, dpmm, width, height } : null),
    [zpl, hasZpl, dpmm, width, height],
  );
  const preview = useZplPreview(request);
  const labelCount = preview.answer?.totalCount ?? 0;

  const selectWarning = (warning: ZplWarning) => {
    const textarea = source.current;
    if (!textarea) return;
    const { start, end } = warningRange(textarea.value, warning.position, warning.command);
    textarea.focus();
    textarea.setSelectionRange(start, end);
  };

  return (
    <main className="page zpl-page" aria-labelledby="zpl-title">
      <div className="page-head">
        <h1 id="zpl-title" tabIndex={-1} data-focus-fallback>
          ZPL
        </h1>
        <div className="gallery-controls">
          <button type="button" onClick={() => setDialog('print')} disabled={!hasZpl}>
            Print…
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => setDialog('import')}
            disabled={!hasZpl || !size.ok || labelCount === 0}
          >
            Import as template
          </button>
        </div>
      </div>
      <div className="zpl-layout">
        <div className="zpl-input">
          <ZplSourceField ref={source} value={zpl} onChange={setZpl} />
          <ZplSizeFields settings={settings} onChange={setSettings} problem={size.ok ? null : size.problem} />
          {hasZpl && preview.answer && <ZplWarningList warnings={preview.answer.warnings} onSelect={selectWarning} />}
        </div>
        <ZplLabelPreviews preview={preview} hasZpl={hasZpl} />
      </div>
      {dialog === 'print' && <ZplPrintDialog zpl={zpl} onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportZplDialog onClose={() => setDialog(null)} from={{ zpl, settings, labelCount }} />}
    </main>
  );
}
