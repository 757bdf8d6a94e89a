import type { InputHTMLAttributes, Ref } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** The field's message, shown under it and announced. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error message, tied together for screen readers. */
export function TextField({ id, label, error, ...input }: TextFieldProps) {
  return (
    <div>
      <label className="label text-sm font-medium text-base-content" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input w-full"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
