/**
 * A service request (spec sections 5 and 7: POST /api/enquiries). The request form and
 * the API validate with this schema, so each rule and its message live here only.
 */
import { z } from 'zod';
import { SERVICE_IDS } from '../catalog/categories.ts';
import { emailField, EMAIL_MAX_LENGTH } from './fields.ts';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '../text-rules.ts';
import { BUDGET_VALUES, URGENCY_VALUES } from '../catalog/enquiry-options.ts';

export const ENQUIRY_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  phone: 20,
  location: 120,
  description: 2000,
} as const;

const noControls = { message: CONTROL_CHARACTERS_MESSAGE };

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const EnquirySchema = z.object({
  customerName: z
    .string('Please enter your name')
    .trim()
    .min(1, 'Please enter your name')
    .max(ENQUIRY_LIMITS.name, `Name must be at most ${ENQUIRY_LIMITS.name} characters`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), noControls),
  customerEmail: emailField(),
  customerPhone: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(ENQUIRY_LIMITS.phone, { message: 'Please enter a valid phone number', abort: true })
      .refine(
        (v) => /^\+?[0-9 ()-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7,
        'Please enter a valid phone number',
      )
      .optional(),
  ),
  serviceType: z.enum(SERVICE_IDS, 'Please select a service type'),
  location: z
    .string('Please enter the service location')
    .trim()
    .min(1, 'Please enter the service location')
    .max(ENQUIRY_LIMITS.location, `Location must be at most ${ENQUIRY_LIMITS.location} characters`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), noControls),
  description: z
    .string('Please describe your project')
    .trim()
    .min(1, 'Please describe your project')
    .max(
      ENQUIRY_LIMITS.description,
      `Description must be at most ${ENQUIRY_LIMITS.description} characters`,
    )
    .refine((v) => !CONTROL_CHARACTERS.test(v), noControls),
  budget: z.preprocess(
    emptyToUndefined,
    z.enum(BUDGET_VALUES, 'Please choose a budget').optional(),
  ),
  urgency: z.enum(URGENCY_VALUES, 'Please choose an urgency level').default('medium'),
  assignedProviderId: z.preprocess(
    // A number, or a string of digits (form values); nothing else is coerced.
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number('Choose a provider')
      .int('Choose a provider')
      .positive('Choose a provider')
      .max(2_147_483_647, 'Choose a provider'),
  ),
  /** Honeypot: hidden from people, filled in by bots. Must stay empty. */
  website: z.string().max(0, 'This submission looks automated').optional(),
});

export type EnquiryInput = z.input<typeof EnquirySchema>;
export type Enquiry = z.output<typeof EnquirySchema>;
