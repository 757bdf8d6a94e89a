import type { ReactNode } from 'react';

/**
 * A contact button, disabled in its place until the API has given the detail: built
 * pages carry no phone numbers or e-mail addresses (decision 0011), so a provider opened
 * from the built list has them only once the list's refresh has answered.
 */
export function ContactLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: ReactNode;
}) {
  return href ? (
    <a className={className} href={href}>
      {children}
    </a>
  ) : (
    <span className={`${className} btn-disabled`} aria-disabled="true">
      {children}
    </span>
  );
}
