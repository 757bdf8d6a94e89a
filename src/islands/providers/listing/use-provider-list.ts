import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Provider } from '../../../lib/api-answers';
import { answerPage, api, type ApiInput } from '../../../lib/api-client';

export type ProviderListQuery = ApiInput<typeof api.providers.$get>['query'];

export interface ProviderPage {
  items: Provider[];
  total: number;
}

/** An answer is fresh this long: going back to a list seen a moment ago asks nothing. */
const FRESH_MS = 2 * 60 * 1000;
/** The answers of this page's visit, by query. */
const answers = new Map<string, { page: ProviderPage; at: number }>();

interface State {
  /** The last answer, and the query it answers. */
  answer?: { key: string; page: ProviderPage };
  /** The query whose last ask failed, and why. */
  failed?: { key: string; error: Error };
}

/**
 * One page of GET /api/providers for `query`, as the listing shows it: the API's answer;
 * while another query loads, the previous answer stays (`isPlaceholder`). Answers are kept
 * for the visit, so Back shows the list it left at once. Nothing is asked until `enabled`
 * (hydrated and the URL read). The built first page is no answer: it is the page's HTML
 * (ProviderFinder). A small hook rather than a query library: the listing's JavaScript at
 * load is budgeted (docs/decisions/0049).
 */
export function useProviderList(query: ProviderListQuery, { enabled }: { enabled: boolean }) {
  const key = JSON.stringify(query);
  const [state, setState] = useState<State>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const kept = answers.get(key);
    if (kept && Date.now() - kept.at < FRESH_MS) {
      setState({ answer: { key, page: kept.page } });
      return;
    }
    let current = true;
    // Asked again after a failure: the failure goes while it asks.
    setState((previous) => {
      if (previous.failed?.key !== key) return previous;
      const { failed: _failed, ...rest } = previous;
      return rest;
    });
    answerPage(api.providers.$get({ query })).then(
      (page) => {
        answers.set(key, { page, at: Date.now() });
        // A transition: React renders the answer in slices the browser can interrupt, not
        // in one long task (Lighthouse: total blocking time).
        if (current) startTransition(() => setState({ answer: { key, page } }));
      },
      (error: unknown) => {
        if (!current) return;
        const failure = error instanceof Error ? error : new Error(String(error));
        setState((previous) => ({ ...previous, failed: { key, error: failure } }));
      },
    );
    return () => {
      current = false;
    };
    // `key` is `query` written out: a new query object of the same query asks nothing.
  }, [key, enabled, attempt]);

  const data = state.answer?.page;
  return {
    data,
    /** The data answers another query (the one before): shown dimmed meanwhile. */
    isPlaceholder: state.answer !== undefined && state.answer.key !== key,
    error: state.failed?.key === key ? state.failed.error : null,
    refetch: useCallback(() => setAttempt((n) => n + 1), []),
  };
}
