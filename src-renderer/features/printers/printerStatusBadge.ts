// What a printer's status badge says: its ~HS answer, or why there is none, in words an operator can act on.
import type { PrinterState, PrinterStatus } from '@shared/api/printRequest';

export type BadgeTone = 'ok' | 'warning' | 'error' | 'neutral';

export interface PrinterBadge {
  /** Short: "Ready", "Paper out", "Unreachable". */
  label: string;
  tone: BadgeTone;
  /** A sentence for the badge's tooltip and screen readers: what the printer said, or the error. */
  detail: string;
}

/** Where the page is with one printer's status. */
export type StatusCheck =
  { status: 'checking' } | { status: 'answered'; report: PrinterStatus } | { status: 'failed'; message: string };

/** The yes/no fields of the state. */
type Flag = { [K in keyof PrinterState]: PrinterState[K] extends boolean ? K : never }[keyof PrinterState];

/**
 * The problems ~HS reports, in the order an operator deals with them: a printer with its head open or out of paper
 * also pauses, and the pause is the consequence, so it comes last. Waiting problems (a pause, a full buffer) are
 * warnings; the rest stop printing until someone goes to the printer.
 */
const PROBLEMS: readonly { flag: Flag; label: string; tone: BadgeTone }[] = [
  { flag: 'headOpen', label: 'Head open', tone: 'error' },
  { flag: 'paperOut', label: 'Paper out', tone: 'error' },
  { flag: 'ribbonOut', label: 'Ribbon out', tone: 'error' },
  { flag: 'overTemperature', label: 'Too hot', tone: 'error' },
  { flag: 'underTemperature', label: 'Too cold', tone: 'error' },
  { flag: 'corruptRam', label: 'Memory error', tone: 'error' },
  { flag: 'bufferFull', label: 'Buffer full', tone: 'warning' },
  { flag: 'paused', label: 'Paused', tone: 'warning' },
];

function waiting(state: PrinterState): string {
  const count = state.labelsInBuffer;
  return count === 0 ? '' : ` ${count} ${count === 1 ? 'label waits' : 'labels wait'} in its buffer.`;
}

function fromState(state: PrinterState): PrinterBadge {
  const problems = PROBLEMS.filter((problem) => state[problem.flag]);
  if (problems.length === 0) return { label: 'Ready', tone: 'ok', detail: `The printer is ready.${waiting(state)}` };
  const label = problems
    .map((problem, index) => (index === 0 ? problem.label : problem.label.toLowerCase()))
    .join(', ');
  const tone = problems.some((problem) => problem.tone === 'error') ? 'error' : 'warning';
  return { label, tone, detail: `The printer reports: ${label.toLowerCase()}.${waiting(state)}` };
}

export function printerBadge(check: StatusCheck): PrinterBadge {
  if (check.status === 'checking')
    return { label: 'Checking…', tone: 'neutral', detail: 'Asking the printer for its status.' };
  if (check.status === 'failed') return { label: 'Status unknown', tone: 'neutral', detail: check.message };
  const { reachable, state, error } = check.report;
  if (reachable === false)
    return { label: 'Unreachable', tone: 'error', detail: error ?? 'The printer cannot be reached.' };
  // A system queue: the spooler (CUPS) knows the printer's state, the server does not ask it.
  if (reachable === null)
    return { label: 'No status', tone: 'neutral', detail: error ?? 'This kind of printer reports no status.' };
  if (state) return fromState(state);
  // Something answered at the address but its status could not be read (silent, garbled), or a device file, which has no status.
  return error
    ? { label: 'Not answering', tone: 'warning', detail: error }
    : { label: 'Connected', tone: 'ok', detail: 'The device file is there and writable.' };
}
