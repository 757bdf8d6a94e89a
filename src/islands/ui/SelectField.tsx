import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field, fieldAria, type FieldNotes } from './Field';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldNotes {
  id: string;
  label: string;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** A labelled select with its hint and error message, like TextField. */
export function SelectField({ id, label, hint, error, children, ...select }: SelectFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select id={id} className="select w-full" {...fieldAria(id, { hint, error })} {...select}>
        {children}
      </select>
    </Field>
  );
}
