// The progress of a long `render --records` or `print` run on stderr: one line rewritten in place on a terminal, plain lines in a log.

/** Runs of at most this many labels are quick enough to need no progress. */
export const PROGRESS_MIN_LABELS = 200;

/**
 * An onProgress(done, total) for renderLabels (or the print queue, with verb "sent"). A terminal gets "rendered
 * 400/1000 labels" rewritten per percent; a pipe or file gets a line per tenth, so a log stays short.
 */
export function progressLine(
  stream: Pick<NodeJS.WriteStream, 'write' | 'isTTY'>,
  verb = 'rendered',
): (done: number, total: number) => void {
  const steps = stream.isTTY ? 100 : 10;
  let shown = -1;
  return (done, total) => {
    if (total <= PROGRESS_MIN_LABELS) return;
    const step = Math.floor((done / total) * steps);
    if (step === shown) return;
    shown = step;
    const text = `${verb} ${done}/${total} labels`;
    if (!stream.isTTY) stream.write(`${text}\n`);
    else stream.write(`\r${text}${done === total ? '\n' : ''}`);
  };
}
