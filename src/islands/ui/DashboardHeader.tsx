import type { ReactNode } from 'react';

/** A signed-in dashboard's heading, who it belongs to under it, and the Logout button. */
export function DashboardHeader({
  title,
  children,
  onLogout,
  loggingOut,
}: {
  title: string;
  /** Who is signed in, under the heading. */
  children: ReactNode;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-1">{children}</p>
      </div>
      <button type="button" className="btn btn-outline" onClick={onLogout} disabled={loggingOut}>
        Logout
      </button>
    </header>
  );
}
