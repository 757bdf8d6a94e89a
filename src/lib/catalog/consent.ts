/**
 * The applicant's consent to the checks, stored with the application under its
 * version: a change of wording gets a new version, so we can always show what someone
 * agreed to. The join form shows CHECKS_CONSENT.text and sends the version it showed; the
 * API accepts only the current one.
 */
export const CHECKS_CONSENT = {
  version: '2026-11-23',
  text:
    'I agree that Verified Providers checks what I give in this application: the identity of ' +
    'the owner or director, the business registrations (CIPC and, for security services, ' +
    'PSIRA), the public liability insurance, a criminal record check of the owner (only its ' +
    'outcome and date are kept) and my references. My documents are kept privately and seen ' +
    'only by the administrators who check them.',
  privacyHref: '/privacy',
} as const;
