import type { InputHTMLAttributes, Ref } from 'react';
import { Field, fieldAria, type FieldNotes } from './Field';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldNotes {
  id: string;
  label: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its hint and error message, tied together for screen readers. The
 * type is written out even when it is text: checkers (HTML_CodeSniffer) read an input
 * without one as outside the text controls that an autocomplete such as `name` belongs to.
 */
export function TextField({ id, label, hint, error, type = 'text', ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        className="input w-full"
        {...fieldAria(id, { hint, error })}
        {...input}
      />
    </Field>
  );
}
