import { useCallback, useEffect, useRef, useState } from 'react';
import { answer, api } from '../../lib/api-client';
import type { RequestStatus } from './request-status-words';

interface Read {
  /** The request as last answered: kept while it is read again, and if that fails. */
  request?: RequestStatus;
  /** Why the last reading failed; kept while it is tried again. */
  error?: Error;
  reading: boolean;
}

/**
 * The status page's request as the API answers it, read when the token is known and again
 * by `reload()` (after a cancellation, or an answer to a quote), which resolves once the
 * page shows the request as it is now. The page keeps what it shows while it reads again:
 * no loading screen replaces the request the customer is reading. Only the newest reading
 * counts. No query library for one GET (docs/decisions/0049).
 */
export function useRequestStatus(token: string | null | undefined) {
  const [read, setRead] = useState<Read>({ reading: false });
  const newest = useRef(0);
  const reload = useCallback(async () => {
    if (!token) return;
    const attempt = ++newest.current;
    setRead((before) => ({ ...before, reading: true }));
    try {
      const request = await answer(api.requests.status.$get({ query: { token } }));
      if (attempt === newest.current) setRead({ request, reading: false });
    } catch (failure) {
      const error = failure instanceof Error ? failure : new Error(String(failure));
      if (attempt === newest.current) {
        setRead(({ request }) => ({ ...(request && { request }), error, reading: false }));
      }
    }
  }, [token]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...read, reload };
}
