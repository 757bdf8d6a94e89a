import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingSkeleton } from '../ui/LoadFailure';

// The form brings zod, react-hook-form and the query library: loaded when a visitor opens
// it, not with the list or the provider page (docs/decisions/0049).
const RequestServiceForm = lazy(() => import('./RequestServiceForm'));

export function LazyRequestServiceForm(props: ComponentProps<typeof RequestServiceForm>) {
  return (
    <Suspense
      fallback={
        <LoadingSkeleton
          label="Loading the form"
          className="grid gap-4 sm:grid-cols-2"
          bars={Array<string>(4).fill('h-10 w-full')}
        />
      }
    >
      <RequestServiceForm {...props} />
    </Suspense>
  );
}
