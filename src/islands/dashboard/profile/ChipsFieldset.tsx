import { useId, type ReactNode } from 'react';

/** What the profile form gives a list editor besides its items: the list's message and its change. */
export interface ListEditorProps {
  error: string | undefined;
  onChange: (items: string[]) => void;
}

/**
 * A profile's list of chosen items (specialties, coverage areas) as a fieldset: what the
 * list is for, its chips and the way to add one (`children`), the list's error, and a
 * polite line that announces each item added or removed.
 */
export function ChipsFieldset({
  legend,
  description,
  error,
  announcement,
  children,
}: {
  legend: string;
  /** What goes in the list and how many it takes, read with the fieldset. */
  description: ReactNode;
  error: string | undefined;
  announcement: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className="space-y-3"
      aria-describedby={error ? `${id}-count ${id}-error` : `${id}-count`}
    >
      <legend className="text-sm font-medium">{legend}</legend>
      <p id={`${id}-count`} className="text-sm">
        {description}
      </p>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
