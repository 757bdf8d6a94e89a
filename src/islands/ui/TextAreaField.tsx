import type { Ref, TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  id: string;
  label: string;
  /** The field's message, shown under it and announced. */
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled text area with its error message, tied together for screen readers. */
export function TextAreaField({ id, label, error, ...textarea }: TextAreaFieldProps) {
  return (
    <div>
      <label className="label text-sm font-medium text-base-content" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="textarea w-full"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
