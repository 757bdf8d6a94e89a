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

/** One option of a select: the value it sends and the words it shows. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * A select's options, one a choice, after the option of the empty value when `none` names
 * it: "All statuses" in a filter, "Select a province" in a form that asks for one. Kept
 * beside SelectField, which every form that shows them loads already.
 */
export function Options({ none, choices }: { none?: string; choices: readonly Choice[] }) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  );
}
