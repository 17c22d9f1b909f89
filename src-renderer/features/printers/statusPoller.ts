// Asks each printer for its status now, then again every few seconds while the page is visible; a hidden page asks nothing.

/** Often enough to see a printer run out of paper while looking at it; each question is a TCP connection to the printer. */
export const STATUS_INTERVAL_MS = 4000;

export interface Visibility {
  isVisible(): boolean;
  /** Calls the listener whenever visibility may have changed; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export function documentVisibility(doc: Document = document): Visibility {
  return {
    isVisible: () => doc.visibilityState === 'visible',
    onChange: (listener) => {
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
  };
}

/**
 * Starts one loop per id. The next question waits for the answer to the last: a dead printer (seconds to time out)
 * never has two questions open. `ask` must resolve, with a failure as a value. Returns stop().
 */
export function pollStatuses<T>(
  ids: readonly string[],
  ask: (id: string) => Promise<T>,
  onAnswer: (id: string, answer: T) => void,
  visibility: Visibility,
  intervalMs: number = STATUS_INTERVAL_MS,
): () => void {
  let stopped = false;
  const loops = ids.map((id) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    const pause = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const run = () => {
      pause();
      if (stopped || asking || !visibility.isVisible()) return;
      asking = true;
      void ask(id).then((answer) => {
        asking = false;
        if (stopped) return;
        onAnswer(id, answer);
        if (visibility.isVisible()) timer = setTimeout(run, intervalMs);
      });
    };
    return { run, pause };
  });
  // Back in view: ask at once rather than show a status that may be minutes old.
  const unsubscribe = visibility.onChange(() => {
    for (const loop of loops) {
      if (visibility.isVisible()) loop.run();
      else loop.pause();
    }
  });
  for (const loop of loops) loop.run();
  return () => {
    stopped = true;
    unsubscribe();
    for (const loop of loops) loop.pause();
  };
}
