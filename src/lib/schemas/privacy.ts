/**
 * The privacy centre (/privacy/my-data): a link mailed to an address, and what the
 * person may do with it. Shared by the page's forms and the API.
 */
import * as z from 'zod/mini';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '../text-rules.ts';
import { emailField, SA_PHONE, SA_PHONE_MESSAGE } from './fields.ts';

/** How long a mailed link opens the centre. */
export const PRIVACY_LINK_HOURS = 24;

export const PRIVACY_MESSAGES = {
  linkSent: (email: string) =>
    `If we hold anything about ${email}, we have e-mailed a link to it. The link works for ${PRIVACY_LINK_HOURS} hours. Nothing arrives if we hold nothing about the address.`,
  invalidLink: 'This link is not valid or has expired. Please ask for a new one.',
  corrected: 'Your details are corrected.',
  objected:
    'Your objection is recorded. We use your details only for the requests you send, and send you no news or offers.',
  deleted: 'Your details are deleted. What we must keep is listed below, with the day it goes.',
} as const;

export const PRIVACY_NAME_MAX = 100;

const token = z
  .string(PRIVACY_MESSAGES.invalidLink)
  .check(z.regex(/^[A-Za-z0-9_-]{32,64}$/, PRIVACY_MESSAGES.invalidLink));

export const PrivacyLinkRequestSchema = z.object({ email: emailField() });
export const PrivacyTokenSchema = z.object({ token });

const noControl = (v: string) => !CONTROL_CHARACTERS.test(v);

/** A correction: the name and phone every request of the address carries; either may stay. */
export const PrivacyCorrectionSchema = z
  .object({
    token,
    name: z.optional(
      z
        .string('Please enter your name')
        .check(
          z.trim(),
          z.minLength(1, 'Please enter your name'),
          z.maxLength(PRIVACY_NAME_MAX, `At most ${PRIVACY_NAME_MAX} characters`),
          z.refine(noControl, { message: CONTROL_CHARACTERS_MESSAGE }),
        ),
    ),
    phone: z.optional(
      z.pipe(
        z.pipe(
          z.string(SA_PHONE_MESSAGE),
          z.transform((v: string) => v.replace(/[\s-]/g, '')),
        ),
        z.union([z.string().check(z.regex(SA_PHONE, SA_PHONE_MESSAGE)), z.literal('')]),
      ),
    ),
  })
  .check(
    z.refine((v) => v.name !== undefined || v.phone !== undefined, {
      message: 'Please give a name or a phone number to correct',
      path: ['name'],
    }),
  );
export type PrivacyCorrection = z.output<typeof PrivacyCorrectionSchema>;

export const PrivacyConsentSchema = z.object({
  token,
  given: z.boolean('Say whether you give or withdraw the consent'),
});

export const CONSENT_MESSAGES = {
  given: 'Thank you: we will send you news and offers. You can stop them at any time.',
  withdrawn: 'Withdrawn: we send you no more news or offers.',
  unsubscribed: 'You are unsubscribed: we send you no more news or offers.',
  invalidUnsubscribe: 'This unsubscribe link is not valid.',
} as const;

/** What the person writes to the information officer: a correction or a complaint. */
export const CASE_MESSAGE_MAX = 2000;

const caseText = (what: string, max: number) =>
  z.string(`Please write your ${what}`).check(
    z.trim(),
    z.minLength(10, `Please write your ${what} in a few words (at least 10 characters)`),
    z.maxLength(max, `At most ${max} characters`),
    // Line breaks are allowed: CONTROL_CHARACTERS leaves them out.
    z.refine(noControl, { message: CONTROL_CHARACTERS_MESSAGE }),
  );

export const PrivacyCaseSchema = z.object({
  token,
  kind: z.enum(['correction', 'complaint'], 'Choose a correction or a complaint'),
  message: caseText('message', CASE_MESSAGE_MAX),
});

/** What a provider reads once it closed its account (docs/decisions/0053). */
export const ACCOUNT_CLOSED = (erasedOn: string) =>
  `Your account is closed and no longer listed. We erase its data on ${erasedOn}.`;

export const CASE_MESSAGES = {
  received: (dueAt: string) =>
    `Your message is with our information officer, who answers by e-mail by ${dueAt}.`,
} as const;
