import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * One query cache for every island of a page (spec section 7: fresh for 5 minutes, no
 * automatic retries, no refetch on window focus, no polling).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60 * 1000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Wraps an island's root component in the shared QueryClientProvider. */
export function withQueryClient<P extends object>(Component: ComponentType<P>) {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
