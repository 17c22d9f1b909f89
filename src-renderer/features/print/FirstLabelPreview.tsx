// The first label of a print as the server renders it (POST /api/preview, PNG at the printer's resolution).
import { useEffect, useState } from 'react';
import { describeError } from '../../api/apiError';
import { client } from '../../api/appClient';
import type { ZplDpi } from '../../api/apiConstants';

type Shown = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error'; message: string };

export function FirstLabelPreview({
  template,
  record,
  dpi,
}: {
  template: unknown;
  record: Record<string, unknown> | undefined;
  dpi: ZplDpi;
}) {
  const [shown, setShown] = useState<Shown>({ status: 'loading' });
  useEffect(() => {
    if (!record) return;
    let wanted = true;
    let url: string | null = null;
    setShown({ status: 'loading' });
    client.preview({ template, data: record, format: 'png', dpi }).then(
      (result) => {
        if (!wanted) return;
        url = URL.createObjectURL(result.bytes);
        setShown({ status: 'ready', url });
      },
      (error: unknown) => {
        if (wanted) setShown({ status: 'error', message: describeError(error) });
      },
    );
    return () => {
      wanted = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [template, record, dpi]);

  if (!record) return <p className="hint">No record to preview.</p>;
  return (
    <figure className="print-preview">
      {shown.status === 'ready' && <img src={shown.url} alt="Preview of the first label" />}
      {shown.status === 'loading' && <p role="status">Rendering the first label…</p>}
      {shown.status === 'error' && (
        <p role="alert" className="error-text">
          The label cannot be rendered: {shown.message}
        </p>
      )}
      <figcaption className="hint">First label, {dpi} dpi</figcaption>
    </figure>
  );
}
