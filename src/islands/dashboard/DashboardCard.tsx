import type { ReactNode } from 'react';

/**
 * A card of the dashboard that is a region of its tab, under an h2 `title`. With
 * `headingId` the region is named by its heading (aria-labelledby), else by the same words
 * (aria-label). A `warning` card (something waits for the provider) has the warning
 * colour's border. The public pages keep their cards inline: a module shared with them
 * would be one more file on their budget (docs/decisions/0049).
 */
export function DashboardCard({
  title,
  headingId,
  bodyClassName = 'gap-3',
  headingClassName = 'text-lg font-semibold',
  warning = false,
  children,
}: {
  title: string;
  headingId?: string;
  /** Spaces the card's content. */
  bodyClassName?: string;
  headingClassName?: string;
  warning?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={`card border ${warning ? 'border-warning' : 'border-base-300'} bg-base-100 shadow-sm`}
      {...(headingId ? { 'aria-labelledby': headingId } : { 'aria-label': title })}
    >
      <div className={`card-body ${bodyClassName}`.trimEnd()}>
        <h2 id={headingId} className={headingClassName}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
