import type { ComponentProps, ReactNode } from 'react';

/**
 * A form in a card under its heading (`title`), named for screen readers by `label`, which
 * is the title unless the form's name is written otherwise.
 */
export function FormCard({
  title,
  label = title,
  heading: Heading = 'h2',
  onSubmit,
  children,
}: {
  title: string;
  label?: string;
  /** The heading's tag, so the card fits the page's outline. */
  heading?: 'h2' | 'h3';
  onSubmit: ComponentProps<'form'>['onSubmit'];
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      className="card border border-base-300 bg-base-100 shadow-sm"
      onSubmit={onSubmit}
    >
      <div className="card-body gap-4">
        <Heading className="text-lg font-semibold">{title}</Heading>
        {children}
      </div>
    </form>
  );
}
