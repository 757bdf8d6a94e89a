import type { InputHTMLAttributes, Ref } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** A line under the field saying what it is for, read with it. */
  hint?: string | undefined;
  /** The field's message, shown under it and announced. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its hint and error message, tied together for screen readers. The
 * type is written out even when it is text: checkers (HTML_CodeSniffer) read an input
 * without one as outside the text controls that an autocomplete such as `name` belongs to.
 */
export function TextField({ id, label, hint, error, type = 'text', ...input }: TextFieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div>
      <label className="label text-sm font-medium text-base-content" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        className="input w-full"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
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
