/**
 * The consents the site asks for, each with the wording a person agrees to and its
 * version (stored with every consent, db/schema.ts `consents`). Change the words, change
 * the version: a consent given to older words stays tied to them.
 */
export const NEWS_CONSENT = {
  purpose: 'news',
  version: '2026-11-28',
  wording:
    'Send me news and offers from Verified Providers by e-mail, at most once a month. I can stop them at any time with one click in any of them, or here.',
} as const;

export type ConsentPurpose = typeof NEWS_CONSENT.purpose;
