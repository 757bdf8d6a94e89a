import type { ReactNode } from 'react';

/** What a field says under it: a line on what it is for, and its message once it has one. */
export interface FieldNotes {
  hint?: string | undefined;
  error?: string | undefined;
}

/**
 * The ARIA state that a field's notes give its control: invalid while it has a message,
 * and described by the hint and the message, so a screen reader reads them with it. Only
 * whether there is a hint and a message counts here.
 */
export function fieldAria(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/**
 * A control under its label, with its hint and then its message below it, named
 * `<id>-hint` and `<id>-error` for the control's fieldAria(id, notes). The message is
 * announced as it appears.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: FieldNotes & { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label className="label text-sm font-medium text-base-content" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
