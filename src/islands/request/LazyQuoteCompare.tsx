import { lazy, Suspense } from 'react';

// The comparison and its forms load after the rest of the status page, which shows the
// request at once; a request with no quote yet costs one small call.
const QuoteCompare = lazy(() => import('./QuoteCompare'));

export function LazyQuoteCompare({ token }: { token: string }) {
  return (
    <Suspense fallback={null}>
      <QuoteCompare token={token} />
    </Suspense>
  );
}
