import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/**
 * A small checkbox inside the label that names it, so a click on the words ticks it too.
 * `className` lays out the label; every other prop goes to the input.
 */
export function Checkbox({
  className = 'flex items-center gap-2',
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input type="checkbox" className="checkbox checkbox-sm" {...input} />
      {children}
    </label>
  );
}
