import { Suspense, type ReactNode } from 'react';

/**
 * A dashboard section whose code loads when it is first opened (React.lazy): it says it
 * is loading while that code is on its way.
 */
export function LazySection({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="p-8 text-center" role="status">
          Loading...
        </p>
      }
    >
      {children}
    </Suspense>
  );
}
