import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { ME_KEY } from '../../lib/provider-dashboard';
import { toast } from '../../lib/toast';

export const SESSION_ENDED = 'Your session has ended. Please log in again.';
const NOTICE_KEY = ['provider-session-notice'] as const;

/** Signs the dashboard out locally: cached data goes, the login card shows `notice`. */
export function endSession(queryClient: QueryClient, notice?: string) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
  queryClient.setQueryData(NOTICE_KEY, notice ?? null);
  queryClient.setQueryData(ME_KEY, null);
}

export function useSessionNotice(): string | null {
  const queryClient = useQueryClient();
  return queryClient.getQueryData<string | null>(NOTICE_KEY) ?? null;
}

/** A read for a signed-in provider: a 401 (expired or revoked session) signs the dashboard out. */
export function readSignedIn<T>(queryClient: QueryClient, read: Promise<T>): Promise<T> {
  return read.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) endSession(queryClient, SESSION_ENDED);
    throw error;
  });
}

/** A query of the signed-in provider's data, each read through readSignedIn. */
export function useSignedInQuery<T>(
  queryKey: readonly unknown[],
  read: () => Promise<T>,
  /** Milliseconds between reads while it is on screen; none by default. */
  refetchInterval: number | false = false,
) {
  const queryClient = useQueryClient();
  return useQuery({ queryKey, queryFn: () => readSignedIn(queryClient, read()), refetchInterval });
}

/** For a mutation's onError: true when the session had ended (and the user is told). */
export function handledSessionEnd(queryClient: QueryClient, error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) {
    endSession(queryClient, SESSION_ENDED);
    return true;
  }
  return false;
}

/**
 * For a mutation's onError: an ended session signs the dashboard out (handledSessionEnd);
 * any other failure is told in an error toast that says `description`.
 */
export function toastFailure(queryClient: QueryClient, error: unknown, description: string) {
  if (handledSessionEnd(queryClient, error)) return;
  toast({ title: 'Error', description, variant: 'destructive' });
}
