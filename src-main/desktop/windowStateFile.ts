// Reads the window state from the data directory and writes it back after the window stops moving (debounced), whole or not at all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../files/writeOutput';
import { parseWindowState, windowStateSchema, type WindowState } from './windowState';

export const WINDOW_STATE_FILE = 'window-state.json';
/** A drag or a resize sends dozens of events a second: one write once the window has been still this long. */
export const SAVE_DELAY_MS = 500;

export function windowStatePath(dataDir: string): string {
  return join(dataDir, WINDOW_STATE_FILE);
}

export function loadWindowState(path: string): WindowState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return parseWindowState(text);
}

export interface WindowStateSaver {
  /** Remembers the state and writes it once no newer one came for SAVE_DELAY_MS. */
  save(state: WindowState): void;
  /** Writes a pending state now (when the window closes). */
  flush(): void;
}

/** A failed write (a full disk) costs the remembered position only: it is reported to `onError`, never thrown from a timer. */
export function windowStateSaver(
  path: string,
  onError: (error: unknown) => void,
  delayMs = SAVE_DELAY_MS,
): WindowStateSaver {
  let pending: WindowState | undefined;
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (pending === undefined) return;
    const state = windowStateSchema.parse(pending);
    pending = undefined;
    writeFileAtomically(path, Buffer.from(`${JSON.stringify(state, null, 2)}\n`));
  };
  return {
    save(state) {
      pending = state;
      clearTimeout(timer);
      timer = setTimeout(() => {
        try {
          flush();
        } catch (error) {
          onError(error);
        }
      }, delayMs);
      // A pending write must not keep the process alive: closing the window flushes it.
      timer.unref();
    },
    flush,
  };
}
