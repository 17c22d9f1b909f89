// Renders a bundled sample through the desktop bridge and shows the output (PNG, HTML or ZPL) with its warnings.
import { useEffect, useId, useState } from 'react';
import {
  SAMPLE_FORMATS,
  SAMPLE_NAMES,
  type LabelsmithApi,
  type RenderSampleResult,
  type SampleFormat,
  type SampleName,
} from '../../../src-shared/api/ipc';

const SAMPLE_LABELS: Record<SampleName, string> = {
  'shipping-4x6': 'Shipping label, 4 × 6 in',
  'asset-tag': 'Asset tag, 2.25 × 1.25 in',
};

const FORMAT_LABELS: Record<SampleFormat, string> = {
  png: 'PNG image',
  html: 'HTML page',
  zpl: 'ZPL printer code',
};

type Outcome = { ok: true; result: RenderSampleResult } | { ok: false; message: string };

/** The outcome remembers what it was rendered for, so a stale answer is never shown under a newer choice. */
interface Rendered {
  name: SampleName;
  format: SampleFormat;
  outcome: Outcome;
}

function isOneOf<T extends string>(options: readonly T[], value: string): value is T {
  return (options as readonly string[]).includes(value);
}

function decodeBase64Text(base64: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
}

function RenderedOutput({ format, result, title }: { format: SampleFormat; result: RenderSampleResult; title: string }) {
  switch (format) {
    case 'png':
      return <img className="output" src={`data:${result.contentType};base64,${result.base64}`} alt={title} />;
    case 'html':
      // sandbox="" gives the label document no scripts, no forms, no navigation and an origin of its own.
      return <iframe className="output output-html" sandbox="" srcDoc={decodeBase64Text(result.base64)} title={title} />;
    case 'zpl':
      return (
        <pre className="output output-zpl" aria-label={title}>
          {decodeBase64Text(result.base64)}
        </pre>
      );
  }
}

function Warnings({ warnings }: { warnings: RenderSampleResult['warnings'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Warnings</h2>
      {warnings.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {warnings.map((warning, index) => (
            <li key={index}>
              <code>{warning.code}</code> {warning.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SamplePreview({ bridge }: { bridge: LabelsmithApi }) {
  const sampleId = useId();
  const formatId = useId();
  const [name, setName] = useState<SampleName>('shipping-4x6');
  const [format, setFormat] = useState<SampleFormat>('png');
  const [rendered, setRendered] = useState<Rendered>();

  useEffect(() => {
    let wanted = true;
    const settle = (outcome: Outcome) => {
      if (wanted) setRendered({ name, format, outcome });
    };
    bridge.renderSample(name, format).then(
      (result) => settle({ ok: true, result }),
      (error: unknown) => settle({ ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      wanted = false;
    };
  }, [bridge, name, format]);

  const current = rendered?.name === name && rendered.format === format ? rendered.outcome : undefined;
  const title = `${SAMPLE_LABELS[name]}, rendered as ${FORMAT_LABELS[format]}`;
  return (
    <>
      <div className="controls">
        <label htmlFor={sampleId}>Sample</label>
        <select id={sampleId} value={name} onChange={(event) => {
            if (isOneOf(SAMPLE_NAMES, event.target.value)) setName(event.target.value);
          }}>
          {SAMPLE_NAMES.map((option) => (
            <option key={option} value={option}>
              {SAMPLE_LABELS[option]}
            </option>
          ))}
        </select>
        <label htmlFor={formatId}>Format</label>
        <select id={formatId} value={format} onChange={(event) => {
            if (isOneOf(SAMPLE_FORMATS, event.target.value)) setFormat(event.target.value);
          }}>
          {SAMPLE_FORMATS.map((option) => (
            <option key={option} value={option}>
              {FORMAT_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      {current === undefined ? (
        <p role="status">Rendering…</p>
      ) : current.ok ? (
        <>
          <RenderedOutput format={format} result={current.result} title={title} />
          <Warnings warnings={current.result.warnings} />
        </>
      ) : (
        <p role="alert">Rendering failed: {current.message}</p>
      )}
    </>
  );
}
