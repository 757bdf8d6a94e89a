/**
 * What happens after applying, in the order it happens, shared by the join form's
 * success screen and the confirmation e-mail: checks are recorded once the application
 * is approved (src/api/documents/hand-over-application-checks.ts), and the badge follows
 * them (/verification says the same).
 */
export const APPLICATION_NEXT_STEPS = {
  review:
    'We review your application and documents within 2-3 business days, and e-mail you if anything is missing.',
  approval:
    'Once approved, you get an e-mail with a link to set your password, and your listing goes live.',
  checks: 'We then complete the checks your services require:',
  badge: 'Your profile shows the Verified badge once every one of them has passed.',
} as const;
