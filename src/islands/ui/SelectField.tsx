import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  /** The field's message, shown under it and announced. */
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** A labelled select with its error message, like TextField. */
export function SelectField({ id, label, error, children, ...select }: SelectFieldProps) {
  return (
    <div>
      <label className="label text-sm font-medium text-base-content" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select w-full"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
