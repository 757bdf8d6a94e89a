import { lazy, Suspense, type ComponentProps } from 'react';

// The comparison and its forms load after the rest of the status page, which shows the
// request at once; a request with no quote yet costs one small call.
const QuoteCompare = lazy(() => import('./QuoteCompare'));

export function LazyQuoteCompare(props: ComponentProps<typeof QuoteCompare>) {
  return (
    <Suspense fallback={null}>
      <QuoteCompare {...props} />
    </Suspense>
  );
}
