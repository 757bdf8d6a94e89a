import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
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

/**
 * After a write: the queries under these keys answer afresh. invalidateQueries alone would
 * join a first load still under way (TanStack Query reuses the in-flight fetch of a query
 * that has no data yet), and that load began before the write: a list opened on a slow
 * line and written to before it arrived would stay without the change. So a fetch under
 * way is cancelled first, and the refetch is a new request.
 */
export async function refreshQueries(client: QueryClient, ...queryKeys: QueryKey[]) {
  await Promise.all(
    queryKeys.map(async (queryKey) => {
      await client.cancelQueries({ queryKey });
      await client.invalidateQueries({ queryKey });
    }),
  );
}

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
