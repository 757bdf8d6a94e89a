import { COMPANY } from '../../lib/company';

/**
 * The company's e-mail address as a mailto link, or its "not configured" placeholder as
 * plain text (src/lib/company.ts); the islands' twin of CompanyEmail.astro.
 */
export function CompanyEmail() {
  const address = COMPANY.configured.email;
  return address ? (
    <a className="link" href={`mailto:${address}`} data-company-detail="email">
      {address}
    </a>
  ) : (
    <em data-company-detail="email">{COMPANY.shown.email}</em>
  );
}
