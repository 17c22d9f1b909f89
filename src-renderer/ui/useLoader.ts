// Data fetched for a component: loads when its inputs change, keeps the last answer while reloading, ignores answers that come too late.
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../api/apiError';

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload(): void;
}

/** `load` runs again whenever `key` changes (a string of its inputs) or reload() is called. */
export function useLoader<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    let wanted = true;
    setLoading(true);
    latest.current().then(
      (value) => {
        if (!wanted) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!wanted) return;
        setError(describeError(failure));
        setLoading(false);
      },
    );
    return () => {
      wanted = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data, error, loading, reload };
}

/** A value that follows `value` after it has stopped changing for `ms` (search as you type without a request per key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
