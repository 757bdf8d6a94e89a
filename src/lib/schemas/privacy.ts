/**
 * The privacy centre (/privacy/my-data): a link mailed to an address, and what the
 * person may do with it. Shared by the page's forms and the API.
 */
import { z } from 'zod';
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
    'Your objection is recorded. We no longer use your details for anything but answering the requests you send.',
  deleted: 'Your details are deleted. What we must keep is listed below, with the day it goes.',
} as const;

export const PRIVACY_NAME_MAX = 100;

const token = z
  .string(PRIVACY_MESSAGES.invalidLink)
  .regex(/^[A-Za-z0-9_-]{32,64}$/, PRIVACY_MESSAGES.invalidLink);

export const PrivacyLinkRequestSchema = z.object({ email: emailField() });
export const PrivacyTokenSchema = z.object({ token });

const noControl = (v: string) => !CONTROL_CHARACTERS.test(v);

/** A correction: the name and phone every request of the address carries; either may stay. */
export const PrivacyCorrectionSchema = z
  .object({
    token,
    name: z
      .string('Please enter your name')
      .trim()
      .min(1, 'Please enter your name')
      .max(PRIVACY_NAME_MAX, `At most ${PRIVACY_NAME_MAX} characters`)
      .refine(noControl, { message: CONTROL_CHARACTERS_MESSAGE })
      .optional(),
    phone: z
      .string(SA_PHONE_MESSAGE)
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(SA_PHONE, SA_PHONE_MESSAGE).or(z.literal('')))
      .optional(),
  })
  .refine((v) => v.name !== undefined || v.phone !== undefined, {
    message: 'Please give a name or a phone number to correct',
    path: ['name'],
  });
export type PrivacyCorrection = z.output<typeof PrivacyCorrectionSchema>;
