// Renders the current template and record on the server while the preview shows: debounced, the newest answer wins, blob URLs released.
// For ZPL it also has the ZPL drawn by the reader on the printer's label: what the printer would print.
import { useEffect, useRef, useState } from 'react';
import type { ZplPreviewLabel } from '@shared/api/zplEditorApi';
import type { RenderWarning } from '@shared/layout/laidOutLabel';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import type { OutputFormat } from '../../api/apiConstants';
import type { CanvasTarget } from '../../editor/target/canvasTarget';
import { selectSampleData, selectTemplate, useEditorStore } from '../../store';
import type { TemplateDraft } from '../../store/templateDraft';
import { previewPlan } from './previewPlan';
import { printerViewRequest } from './printerTruth';

export interface PreviewResult {
  format: OutputFormat;
  /** The bytes "Save" writes: exactly what the server rendered. */
  saved: Blob;
  /** Blob URL of a PNG to look at (the saved bytes themselves for PNG). */
  imageUrl: string | null;
  /** ZPL and HTML as text. */
  text: string | null;
  warnings: RenderWarning[];
  /** ZPL: the saved ZPL as the reader draws it for the printer (one dot a pixel); null when the label size cannot be read. */
  printer: ZplPreviewLabel | null;
}

export type PreviewState =
  | { status: 'loading'; last: PreviewResult | null }
  | { status: 'ready'; result: PreviewResult }
  | { status: 'error'; message: string };

const DEBOUNCE_MS = 400;

function release(result: PreviewResult | null | undefined): void {
  if (result?.imageUrl) URL.revokeObjectURL(result.imageUrl);
}

async function render(
  template: TemplateDraft,
  data: Record<string, unknown>,
  format: OutputFormat,
  dpi: number,
  target: CanvasTarget,
): Promise<PreviewResult> {
  const plan = previewPlan(format, dpi, target.dpi);
  const [saved, shown] = await Promise.all([
    client.preview({ template, data, ...plan.save }),
    plan.display ? client.preview({ template, data, ...plan.display }) : Promise.resolve(null),
  ]);
  const picture = format === 'png' ? saved.bytes : shown?.bytes;
  const imageUrl = picture ? URL.createObjectURL(picture) : null;
  const text = format === 'zpl' || format === 'html' ? await saved.bytes.text() : null;
  const view = format === 'zpl' && text !== null ? printerViewRequest(text, target, template.dimensions) : null;
  const printer = view ? ((await client.previewZpl(view)).labels[0] ?? null) : null;
  return { format, saved: saved.bytes, imageUrl, text, warnings: saved.warnings, printer };
}

/** `target`: the printer the ZPL is made and drawn for (the canvas's). */
export function usePreview(format: OutputFormat, dpi: number, target: CanvasTarget, round: number): PreviewState {
  const template = useEditorStore(selectTemplate);
  const data = useEditorStore(selectSampleData);
  const [state, setState] = useState<PreviewState>({ status: 'loading', last: null });
  /** The result on screen: its blob URLs are released when a newer one replaces it, and with the panel. */
  const shown = useRef<PreviewResult | null>(null);
  useEffect(() => {
    let wanted = true;
    setState({ status: 'loading', last: shown.current });
    const timer = setTimeout(() => {
      render(template, data, format, dpi, target).then(
        (result) => {
          if (!wanted) return release(result);
          release(shown.current);
          shown.current = result;
          setState({ status: 'ready', result });
        },
        (error: unknown) => {
          if (wanted) setState({ status: 'error', message: describeError(error) });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      wanted = false;
      clearTimeout(timer);
    };
  }, [template, data, format, dpi, target, round]);
  useEffect(
    () => () => {
      release(shown.current);
      shown.current = null;
    },
    [],
  );
  return state;
}
