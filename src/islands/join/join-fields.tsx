import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ApplicationFormInput } from '../../lib/schemas/provider-application';
import { fieldAria } from '../ui/Field';
import { formFieldProps } from '../ui/form-field-props';
import { TextField } from '../ui/TextField';

type Field = keyof ApplicationFormInput;

/**
 * The parts the join form and its Verification section build their fields from, on the
 * one form's state: a field `name` is `join-<name>`, its hint `join-<name>-hint` and its
 * message `join-<name>-error`.
 */
export function joinFields(form: UseFormReturn<ApplicationFormInput>) {
  const { errors } = form.formState;
  /** A control's id, message and registration. */
  const fieldProps = formFieldProps(form, 'join');

  /** The field's ARIA state: invalid with a message, described by its hint and the message. */
  const aria = (name: Field, hint = false) =>
    fieldAria(`join-${name}`, { hint, error: errors[name] });

  /** The field's message, announced as it appears. */
  const fieldError = (name: Field) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`join-${name}-error`} className="mt-1 text-sm text-error" role="alert">
        {message}
      </p>
    ) : null;
  };

  /** A text input under its label, with its message and then its hint, if it has one. */
  const text = (
    name: Field,
    label: string,
    props: InputHTMLAttributes<HTMLInputElement> = {},
    hint?: string,
  ) => {
    const field = (
      <TextField
        {...props}
        label={label}
        {...fieldProps(name)}
        {...aria(name, hint !== undefined)}
      />
    );
    if (hint === undefined) return field;
    return (
      <div>
        {field}
        <p id={`join-${name}-hint`} className="mt-1 text-sm">
          {hint}
        </p>
      </div>
    );
  };

  /** A consent the form requires: its checkbox beside its words, then its message. */
  const consent = (name: Field, words: ReactNode) => (
    <>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-primary mt-0.5"
          {...form.register(name)}
          {...aria(name)}
        />
        <span>{words}</span>
      </label>
      {fieldError(name)}
    </>
  );

  return { fieldProps, aria, fieldError, text, consent };
}
