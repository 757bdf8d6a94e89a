import { useId, type ReactNode } from 'react';

/**
 * A titled card of a page opened from a customer's link (a request's status page, the
 * privacy centre): a region named by its heading.
 */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-5 sm:p-6">
        <h2 id={id} className="card-title text-lg">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
