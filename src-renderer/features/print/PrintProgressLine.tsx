// A print's progress under its dialog's form: sending, the job's state as it changes, and its warnings once finished.
import { printJobLine } from './printJobStatus';
import type { PrintProgress } from './usePrintJob';

/** `onCancel`: offered while the job has not ended, so a job stuck on a dead printer can be stopped from the dialog. */
export function PrintProgressLine({
  progress,
  printerName,
  onCancel,
}: {
  progress: PrintProgress;
  printerName: string;
  onCancel?: () => void;
}) {
  if (progress.phase === 'idle') return null;
  if (progress.phase === 'submitting') return <p role="status">Sending the print…</p>;
  if (progress.phase === 'error') {
    return (
      <p role="alert" className="error-text">
        {progress.message}
      </p>
    );
  }
  const line = printJobLine(progress.job, printerName);
  return (
    <div className="print-progress">
      <p
        role={line.failed ? 'alert' : 'status'}
        className={line.failed ? 'error-text' : line.finished ? 'print-done' : undefined}
      >
        {line.text}
      </p>
      {!line.finished && onCancel && (
        <button type="button" className="danger" onClick={onCancel}>
          Cancel this job
        </button>
      )}
      {line.finished && progress.job.warnings.length > 0 && (
        <ul className="hint" aria-label="Render warnings">
          {progress.job.warnings.map((warning, index) => (
            <li key={index}>{warning.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
