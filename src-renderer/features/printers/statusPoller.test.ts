import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollStatuses, type Visibility } from './statusPoller';

/** A page whose visibility the test switches, as the browser's visibilitychange does. */
function page(): Visibility & { show(visible: boolean): void } {
  let visible = true;
  const listeners = new Set<() => void>();
  return {
    isVisible: () => visible,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show: (next) => {
      visible = next;
      for (const listener of listeners) listener();
    },
  };
}

/** Questions asked so far, each answered when the test says so. */
function printers() {
  const asked: { id: string; answer(value: string): void }[] = [];
  const ask = (id: string) => new Promise<string>((resolve) => asked.push({ id, answer: resolve }));
  return { asked, ask };
}

const INTERVAL = 1000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('status poller', () => {
  it('asks every printer at once, then again an interval after each answer', async () => {
    const { asked, ask } = printers();
    const answers: string[] = [];
    const stop = pollStatuses(['a', 'b'], ask, (id, answer) => answers.push(`${id}=${answer}`), page(), INTERVAL);
    expect(asked.map((question) => question.id)).toEqual(['a', 'b']);
    asked[0]?.answer('ready');
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(answers).toEqual(['a=ready']);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked.map((question) => question.id)).toEqual(['a', 'b', 'a']);
    // b has not answered: however long it takes, it is not asked twice.
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(asked.filter((question) => question.id === 'b')).toHaveLength(1);
    asked[1]?.answer('paper out');
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(answers).toEqual(['a=ready', 'b=paper out']);
    expect(asked.filter((question) => question.id === 'b')).toHaveLength(2);
    stop();
  });

  it('asks nothing while the page is hidden, and at once when it shows again', async () => {
    const { asked, ask } = printers();
    const visibility = page();
    const stop = pollStatuses(['a'], ask, () => undefined, visibility, INTERVAL);
    asked[0]?.answer('ready');
    await vi.advanceTimersByTimeAsync(0);
    visibility.show(false);
    await vi.advanceTimersByTimeAsync(60 * INTERVAL);
    expect(asked).toHaveLength(1);
    visibility.show(true);
    expect(asked).toHaveLength(2);
    // An answer that arrives while hidden schedules nothing either.
    visibility.show(false);
    asked[1]?.answer('ready');
    await vi.advanceTimersByTimeAsync(60 * INTERVAL);
    expect(asked).toHaveLength(2);
    stop();
  });

  it('stops asking and ignores late answers once stopped', async () => {
    const { asked, ask } = printers();
    const answers: string[] = [];
    const visibility = page();
    const stop = pollStatuses(['a'], ask, (_, answer) => answers.push(answer), visibility, INTERVAL);
    stop();
    asked[0]?.answer('late');
    await vi.advanceTimersByTimeAsync(60 * INTERVAL);
    visibility.show(true);
    expect(answers).toEqual([]);
    expect(asked).toHaveLength(1);
  });
});
