import type { ReactNode } from 'react';

/** A label and its value, as the admin's detail screens list them. */
export type Detail = [label: string, value: ReactNode];

/**
 * Labels and values side by side (stacked on a phone): the details of an application,
 * a provider, an enquiry or a check. `compact` for a list inside a card.
 */
export function DetailList({
  rows,
  compact = false,
  preserveLines = false,
}: {
  rows: readonly Detail[];
  compact?: boolean;
  /** Keep the line breaks of free text (notes). */
  preserveLines?: boolean;
}) {
  return (
    <dl
      className={`grid text-sm sm:grid-cols-[auto_1fr] ${compact ? 'gap-x-4 gap-y-1' : 'gap-x-6 gap-y-2'}`}
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className={preserveLines ? 'break-words whitespace-pre-line' : 'break-words'}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
