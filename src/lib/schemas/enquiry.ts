/**
 * A service request (spec sections 5 and 7: POST /api/enquiries). The request form and
 * the API validate with this schema, so each rule and its message live here only.
 */
import * as z from 'zod/mini';
import { SERVICE_IDS } from '../catalog/categories.ts';
import { BUDGET_VALUES, URGENCY_VALUES } from '../catalog/enquiry-options.ts';
import { MAX_REQUEST_PROVIDERS } from '../request-limits.ts';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '../text-rules.ts';
import { UPLOAD_REFERENCE_MAX_LENGTH } from '../uploads.ts';
import { emailField, EMAIL_MAX_LENGTH, preprocess } from './fields.ts';
import { recordId } from './record-id.ts';
import { BRIEF_MESSAGES, BriefSchema } from './request-brief.ts';

/** Photos of the site a request may carry. */
export const MAX_SITE_PHOTOS = 3;
export const SITE_PHOTO_MESSAGES = {
  tooMany: `At most ${MAX_SITE_PHOTOS} photos`,
  again: 'Please upload the photo again',
} as const;

export { MAX_REQUEST_PROVIDERS };
export const PROVIDER_IDS_MESSAGES = {
  choose: 'Choose the providers to ask',
  tooMany: `Ask at most ${MAX_REQUEST_PROVIDERS} providers at once`,
  twice: 'Each provider once',
  assigned: 'The providers asked include the chosen provider',
} as const;

export const ENQUIRY_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  phone: 20,
  location: 120,
  description: 2000,
} as const;

const noControls = { message: CONTROL_CHARACTERS_MESSAGE };

/** Text the customer types: trimmed, not empty, at most `max` characters, no control characters. */
const typedText = (missing: string, label: string, max: number) =>
  z.string(missing).check(
    z.trim(),
    z.minLength(1, missing),
    z.maxLength(max, `${label} must be at most ${max} characters`),
    z.refine((v) => !CONTROL_CHARACTERS.test(v), noControls),
  );

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const EnquirySchema = z
  .object({
    customerName: typedText('Please enter your name', 'Name', ENQUIRY_LIMITS.name),
    customerEmail: emailField(),
    customerPhone: preprocess(
      emptyToUndefined,
      z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(ENQUIRY_LIMITS.phone, {
            message: 'Please enter a valid phone number',
            abort: true,
          }),
          z.refine(
            (v) => /^\+?[0-9 ()-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7,
            'Please enter a valid phone number',
          ),
        ),
      ),
    ),
    serviceType: z.enum(SERVICE_IDS, 'Please select a service type'),
    location: typedText('Please enter the service location', 'Location', ENQUIRY_LIMITS.location),
    description: typedText(
      'Please describe your project',
      'Description',
      ENQUIRY_LIMITS.description,
    ),
    budget: preprocess(
      emptyToUndefined,
      z.optional(z.enum(BUDGET_VALUES, 'Please choose a budget')),
    ),
    urgency: z._default(z.enum(URGENCY_VALUES, 'Please choose an urgency level'), 'medium'),
    assignedProviderId: preprocess(
      // A number, or a string of digits (form values); nothing else is coerced.
      (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
      recordId('Choose a provider'),
    ),
    /**
     * One brief to several providers (added to the spec's body, optional): up to
     * MAX_REQUEST_PROVIDERS verified providers of the service, each sent a copy of its own
     * (docs/decisions/0050). assignedProviderId is then one of them.
     */
    providerIds: z.optional(
      z.array(recordId(PROVIDER_IDS_MESSAGES.choose), PROVIDER_IDS_MESSAGES.choose).check(
        z.minLength(1, PROVIDER_IDS_MESSAGES.choose),
        z.maxLength(MAX_REQUEST_PROVIDERS, PROVIDER_IDS_MESSAGES.tooMany),
        z.refine((ids) => new Set(ids).size === ids.length, PROVIDER_IDS_MESSAGES.twice),
      ),
    ),
    /** The answers to the service's questions (request-brief.ts). */
    brief: z.optional(BriefSchema),
    /** Upload URLs of up to three photos of the site, each used once. */
    sitePhotos: z._default(
      z
        .array(
          z
            .string(SITE_PHOTO_MESSAGES.again)
            .check(
              z.minLength(1, SITE_PHOTO_MESSAGES.again),
              z.maxLength(UPLOAD_REFERENCE_MAX_LENGTH, SITE_PHOTO_MESSAGES.again),
            ),
          SITE_PHOTO_MESSAGES.again,
        )
        .check(
          z.maxLength(MAX_SITE_PHOTOS, SITE_PHOTO_MESSAGES.tooMany),
          z.refine((v) => new Set(v).size === v.length, SITE_PHOTO_MESSAGES.again),
        ),
      [],
    ),
    /** Honeypot: hidden from people, filled in by bots. Must stay empty. */
    website: z.optional(z.string().check(z.maxLength(0, 'This submission looks automated'))),
  })
  .check(
    z.refine((e) => !e.providerIds || e.providerIds.includes(e.assignedProviderId), {
      message: PROVIDER_IDS_MESSAGES.assigned,
      path: ['providerIds'],
      when: ({ value }) => {
        const v = value as { providerIds?: unknown; assignedProviderId?: unknown } | null;
        return Array.isArray(v?.providerIds) && typeof v.assignedProviderId === 'number';
      },
    }),
    // The brief answers the questions of the service requested, not another's.
    z.refine((e) => !e.brief || e.brief.service === e.serviceType, {
      message: BRIEF_MESSAGES.service,
      path: ['brief', 'service'],
      when: ({ value }) => {
        const v = value as { brief?: { service?: unknown } | null; serviceType?: unknown } | null;
        return typeof v?.brief?.service === 'string' && typeof v.serviceType === 'string';
      },
    }),
  );

export type EnquiryInput = z.input<typeof EnquirySchema>;
export type Enquiry = z.output<typeof EnquirySchema>;
