import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field, fieldAria, type FieldNotes } from './Field';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldNotes {
  id: string;
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled text area with its hint and error message, like TextField. */
export function TextAreaField({ id, label, hint, error, ...textarea }: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        className="textarea w-full"
        {...fieldAria(id, { hint, error })}
        {...textarea}
      />
    </Field>
  );
}
