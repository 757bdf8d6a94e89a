import { lazy, Suspense, type ComponentProps } from 'react';

// The form brings zod, react-hook-form and the query library: loaded when a visitor opens
// it, not with the list or the provider page (docs/decisions/0049).
const RequestServiceForm = lazy(() => import('./RequestServiceForm'));

export function LazyRequestServiceForm(props: ComponentProps<typeof RequestServiceForm>) {
  return (
    <Suspense
      fallback={
        <div
          className="grid gap-4 sm:grid-cols-2"
          role="status"
          aria-busy="true"
          aria-label="Loading the form"
        >
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton h-10 w-full" />
          ))}
        </div>
      }
    >
      <RequestServiceForm {...props} />
    </Suspense>
  );
}
