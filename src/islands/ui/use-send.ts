import { useCallback, useRef, useState } from 'react';

interface SendHandlers<V, A> {
  onSuccess?: (answer: A, values: V) => void;
  onError?: (error: Error, values: V) => void;
}

/**
 * A form's one write (a POST it sends): whether it is on its way, and what follows its
 * answer or its failure. The forms of the public pages use it instead of a query
 * library's mutation, which those pages' JavaScript budgets have no room for
 * (tests/build/size-budget.test.ts, docs/decisions/0049).
 */
export function useSend<V, A>(send: (values: V) => Promise<A>, handlers: SendHandlers<V, A>) {
  const [isPending, setPending] = useState(false);
  // The latest handlers, without making each render's new functions a new `mutate`.
  const latest = useRef({ send, handlers });
  latest.current = { send, handlers };
  const mutate = useCallback((values: V) => {
    setPending(true);
    latest.current.send(values).then(
      (answer) => {
        setPending(false);
        latest.current.handlers.onSuccess?.(answer, values);
      },
      (error: unknown) => {
        setPending(false);
        latest.current.handlers.onError?.(
          error instanceof Error ? error : new Error(String(error)),
          values,
        );
      },
    );
  }, []);
  return { mutate, isPending };
}
