// Sends a print (POST /api/print, a template or raw ZPL) and follows the job it answers with until it is done or failed.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PrintJob } from '@shared/api/printRequest';
import { describeError } from '../../api/apiError';
import { client } from '../../api/appClient';

/** Often enough for a progress line that moves; each look is one small GET. */
const FOLLOW_INTERVAL_MS = 500;

export type PrintProgress =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'following'; job: PrintJob }
  /** The print was refused, or the job could no longer be read; the job itself may still print. */
  | { phase: 'error'; message: string };

const isFinal = (job: PrintJob) => job.status === 'done' || job.status === 'failed' || job.status === 'cancelled';

/** True while a print is being sent or its job has not finished: the dialog's Print button waits. */
export function isPrinting(progress: PrintProgress): boolean {
  return progress.phase === 'submitting' || (progress.phase === 'following' && !isFinal(progress.job));
}

/**
 * `print(submit)`: submit is the client call that creates the job (client.print, client.printZpl). `cancel()` stops a
 * job still queued or sending. `forget()`: what
 * the last print ended with ("Not printed: …", "Printed: …") goes, as when the records or printer change; a print
 * still running is kept.
 */
export function usePrintJob(): {
  progress: PrintProgress;
  print(submit: () => Promise<PrintJob>): void;
  forget(): void;
  cancel(): void;
} {
  const [progress, setProgress] = useState<PrintProgress>({ phase: 'idle' });
  // The print being followed; a new print or closing the dialog stops following the last one.
  const current = useRef(0);
  useEffect(
    () => () => {
      current.current += 1;
    },
    [],
  );

  const print = useCallback((submit: () => Promise<PrintJob>) => {
    current.current += 1;
    const mine = current.current;
    const stillMine = () => current.current === mine;
    const follow = (job: PrintJob) => {
      if (!stillMine()) return;
      setProgress({ phase: 'following', job });
      if (isFinal(job)) return;
      setTimeout(() => {
        if (!stillMine()) return;
        client.getPrintJob(job.id).then(follow, (error: unknown) => {
          if (stillMine())
            setProgress({
              phase: 'error',
              message: `Lost track of the print job (it may still print): ${describeError(error)}`,
            });
        });
      }, FOLLOW_INTERVAL_MS);
    };
    setProgress({ phase: 'submitting' });
    submit().then(follow, (error: unknown) => {
      if (stillMine()) setProgress({ phase: 'error', message: `Not printed: ${describeError(error)}` });
    });
  }, []);

  const forget = useCallback(() => setProgress((shown) => (isPrinting(shown) ? shown : { phase: 'idle' })), []);

  // A job stuck on a printer (out of paper, unreachable) is stopped from where it was sent; the follow sees it end.
  const cancel = useCallback(() => {
    if (progress.phase !== 'following' || isFinal(progress.job)) return;
    client.cancelPrintJob(progress.job.id).then(
      (job) => setProgress({ phase: 'following', job }),
      (error: unknown) => setProgress({ phase: 'error', message: `Not cancelled: ${describeError(error)}` }),
    );
  }, [progress]);

  return { progress, print, forget, cancel };
}
