// Each label of the pasted ZPL as the server drew it, one dot a pixel, scaled to the column.
import type { ZplPreviewAnswer } from '@shared/api/zplEditorApi';
import type { ZplPreviewState } from './useZplPreview';

function countText(answer: ZplPreviewAnswer): string {
  const { totalCount, labels } = answer;
  if (totalCount === 0) return 'No label yet: a label starts with ^XA and ends with ^XZ.';
  if (labels.length < totalCount) return `${totalCount} labels: the first ${labels.length} are shown.`;
  return totalCount === 1 ? '1 label.' : `${totalCount} labels.`;
}

export function ZplLabelPreviews({ preview, hasZpl }: { preview: ZplPreviewState; hasZpl: boolean }) {
  const { answer, loading, error } = preview;
  return (
    <section className="zpl-previews" aria-labelledby="zpl-previews-title" aria-busy={loading}>
      <h2 id="zpl-previews-title">Labels</h2>
      <p role="status" className="hint">
        {!hasZpl ? 'Paste ZPL or open a file to see it drawn.' : loading ? 'Drawing…' : answer ? countText(answer) : ''}
      </p>
      {error && (
        <p role="alert" className="error-text">
          Cannot draw this ZPL: {error}
        </p>
      )}
      {hasZpl &&
        answer?.labels.map((label, index) => (
          <figure key={index} className="zpl-label">
            <img
              src={`data:image/png;base64,${label.png}`}
              alt={`Label ${index + 1} of ${answer.totalCount}`}
              width={label.widthDots}
              height={label.heightDots}
            />
            <figcaption className="hint">
              Label {index + 1}: {label.widthDots} × {label.heightDots} dots
            </figcaption>
          </figure>
        ))}
    </section>
  );
}
