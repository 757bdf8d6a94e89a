import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { MessageCard } from './MessageCard';

/** Where a page opened from a mailed link stands with its token. */
export type MailedLink<T> =
  | { state: 'opening' }
  | { state: 'failed'; message: string | undefined }
  | { state: 'done'; data: T };

/**
 * A page opened from a mailed link (`?token=`): the page sends the token once it runs, so
 * a mail scanner fetching the link does nothing. Sent once (a reload sends it again,
 * which the API answers the same).
 */
export function useMailedLink<T>(key: string, send: (token: string) => Promise<T>): MailedLink<T> {
  const [token, setToken] = useState<string | null>();
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  const sent = useQuery({
    queryKey: [key, token],
    // Runs only with a token (enabled below).
    queryFn: () => send(token ?? ''),
    enabled: Boolean(token),
    staleTime: Infinity,
  });
  if (token === undefined || (token && sent.isPending)) return { state: 'opening' };
  if (!token || sent.isError) {
    const error = sent.error;
    return {
      state: 'failed',
      message: error instanceof ApiError && error.serverMessage ? error.serverMessage : undefined,
    };
  }
  return { state: 'done', data: sent.data as T };
}

/** While the link's token is on its way. */
export function ConfirmingEmail() {
  return (
    <MessageCard title="Confirm your e-mail">
      <p role="status">Confirming your e-mail address...</p>
    </MessageCard>
  );
}

/** A link that cannot be used: the server's reason, and where to go from here. */
export function UnusableLink({ message, children }: { message: string; children: ReactNode }) {
  return (
    <MessageCard title="This link cannot be used">
      <p role="alert">{message}</p>
      <div className="card-actions">{children}</div>
    </MessageCard>
  );
}
