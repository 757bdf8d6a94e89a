import type { QueryClient, QueryKey } from '@tanstack/react-query';

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
