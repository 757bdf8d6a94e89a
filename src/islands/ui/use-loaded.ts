import { useEffect, useRef, useState } from 'react';

export type Loaded<T> =
  { status: 'pending' } | { status: 'done'; data: T } | { status: 'failed'; error: Error };

/**
 * One GET of an island: pending, then its answer or the error, and `retry`. The public
 * pages' islands only read, each its own answer, so they need none of a query cache's
 * sharing, invalidation or mutations; leaving that library out of those pages keeps their
 * JavaScript within budget (tests/build/size-budget.test.ts, docs/decisions/0024 and 0049).
 * `key` names what is loaded: when it changes (another position), it is loaded again.
 * While `enabled` is false nothing is asked and the state stays pending.
 */
export function useLoaded<T>(
  load: () => Promise<T>,
  key = '',
  enabled = true,
): Loaded<T> & { retry: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  // The latest load, without making every render's new function a reason to load again.
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState({ status: 'pending' });
    loadRef.current().then(
      (data) => current && setState({ status: 'done', data }),
      (error: unknown) =>
        current &&
        setState({
          status: 'failed',
          error: error instanceof Error ? error : new Error(String(error)),
        }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt, enabled]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
