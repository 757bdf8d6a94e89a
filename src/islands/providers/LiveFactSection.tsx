import type { ReactNode } from 'react';

/**
 * A card of the profile's side column with a fact counted up to now from the API's answer,
 * never from the build (responsiveness, agreed prices): the fact once it has come, a
 * sentence when it could not be loaded, and a grey bar while it is on its way.
 */
export function LiveFactSection({
  headingId,
  title,
  failed,
  children,
}: {
  headingId: string;
  title: string;
  /** The answer could not be loaded. */
  failed: boolean;
  /** The fact; undefined until the answer has come. */
  children: ReactNode;
}) {
  return (
    <section
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby={headingId}
    >
      <div className="card-body gap-2">
        <h2 id={headingId} className="card-title text-lg">
          {title}
        </h2>
        {children ??
          (failed ? (
            <p className="text-sm">Not available right now.</p>
          ) : (
            <div className="skeleton h-12 w-full" aria-hidden="true" />
          ))}
      </div>
    </section>
  );
}
