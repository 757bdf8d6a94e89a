import {
  get,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * What ties a field of a react-hook-form form to its TextField, TextAreaField or
 * SelectField: `fieldProps(name)` gives the control's id, `<idPrefix>-<name>` (or
 * `<idPrefix>-<idName>` when the id says it shorter), the field's message and its
 * registration. It reads the form's errors and nothing else of its state: getFieldState
 * would subscribe the form to touched and dirty fields too, and re-render it on every blur.
 */
export function formFieldProps<Values extends FieldValues>(
  { register, formState }: Pick<UseFormReturn<Values>, 'register' | 'formState'>,
  idPrefix: string,
) {
  return (name: FieldPath<Values>, idName: string = name) => {
    const error: FieldError | undefined = get(formState.errors, name);
    return { id: `${idPrefix}-${idName}`, error: error?.message, ...register(name) };
  };
}
