import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast';

/**
 * A signed-in dashboard's heading, who it belongs to under it, and the Logout button.
 * Logging out calls `logout`, then `clearSession` whatever the server answered (spec
 * section 4: logout clears all cached data), and says so in a toast once it went through.
 */
export function DashboardHeader({
  title,
  children,
  logout,
  clearSession,
}: {
  title: string;
  /** Who is signed in, under the heading. */
  children: ReactNode;
  logout: () => Promise<unknown>;
  clearSession: () => void;
}) {
  const mutation = useMutation({
    mutationFn: logout,
    onSettled: clearSession,
    onSuccess: () =>
      toast({ title: 'Logged Out', description: 'You have been successfully logged out' }),
  });
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-1">{children}</p>
      </div>
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => mutation.mutate()}
        disabled={mutation.isPending}
      >
        Logout
      </button>
    </header>
  );
}
