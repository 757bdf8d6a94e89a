import type { ReactNode } from 'react';

/**
 * One check on the admin's check lists (an application's checklist, a provider's checks):
 * a card in the list named by the check, its name as the heading beside its badges, and
 * what the list shows of it below.
 */
export function CheckCard({
  label,
  heading: Heading,
  badges,
  children,
}: {
  /** The check's name: "PSIRA registration". */
  label: string;
  /** The heading's tag, so the card fits the outline of the list around it. */
  heading: 'h3' | 'h4';
  badges: ReactNode;
  children: ReactNode;
}) {
  return (
    <li aria-label={label} className="rounded-box border border-base-300 bg-base-100 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="font-semibold">{label}</Heading>
        {badges}
      </div>
      {children}
    </li>
  );
}
