import type { ReactNode } from 'react';

/**
 * A page that is one message in a card, titled by the page's heading: what a link from an
 * e-mail opens (a confirmation, a review, a request's status) when it has something to say.
 */
export function MessageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="card-title text-2xl">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
