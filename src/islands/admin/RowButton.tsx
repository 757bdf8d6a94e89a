import type { ComponentProps } from 'react';

/**
 * A small button acting on one row of an admin list; `label` names it with its row for a
 * screen reader ("Delete Acme Security"), where the button shows only "Delete".
 */
export function RowButton({
  label,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'type' | 'aria-label'> & { label: string }) {
  return (
    <button
      type="button"
      className={className ? `btn btn-xs ${className}` : 'btn btn-xs'}
      aria-label={label}
      {...props}
    />
  );
}
