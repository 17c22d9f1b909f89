// Draws the pasted ZPL on the server as it is typed: debounced, and each newer request cancels the one before it.
import { useEffect, useState } from 'react';
import type { ZplPreviewAnswer, ZplPreviewRequest } from '@shared/api/zplEditorApi';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';

/** Long enough that a typing hand makes one request per pause, short enough to feel live. */
export const ZPL_PREVIEW_DEBOUNCE_MS = 300;

export interface ZplPreviewState {
  /** The newest answer; kept while a newer one loads or fails, so the drawing does not flicker. */
  answer: ZplPreviewAnswer | null;
  loading: boolean;
  error: string | null;
}

/** `request` null: nothing to draw (no ZPL, or a label size that does not check). */
export function useZplPreview(request: ZplPreviewRequest | null): ZplPreviewState {
  const [state, setState] = useState<ZplPreviewState>({ answer: null, loading: false, error: null });
  useEffect(() => {
    if (request === null) {
      setState({ answer: null, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((last) => ({ ...last, loading: true }));
    const timer = setTimeout(() => {
      client.previewZpl(request, controller.signal).then(
        (answer) => setState({ answer, loading: false, error: null }),
        (error: unknown) => {
          if (!controller.signal.aborted)
            setState((last) => ({ answer: last.answer, loading: false, error: describeError(error) }));
        },
      );
    }, ZPL_PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [request]);
  return state;
}
