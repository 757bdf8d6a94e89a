/**
 * A provider application (spec sections 5 and 7: POST /api/provider-applications). The
 * join form validates with ApplicationFormSchema (with the terms and privacy boxes); the
 * API with ApplicationSchema (the client removes those flags before sending).
 */
import { z } from 'zod';
import { SERVICE_IDS } from '../catalog/categories.ts';
import { PROVINCE_IDS } from '../catalog/provinces.ts';
import { UPLOAD_REFERENCE_MAX_LENGTH } from '../uploads.ts';

/** Spec: +27 or 0 followed by 9 digits (spaces are ignored). */
export const SA_PHONE = /^(\+27|0)\d{9}$/;
export const SA_PHONE_MESSAGE =
  'Please enter a valid South African phone number (e.g., +27123456789 or 0123456789)';

const required = (message: string, max = 200) =>
  z.string(message).trim().min(1, message).max(max, `At most ${max} characters`);
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, `At most ${max} characters`).optional(),
  );

export const ApplicationSchema = z.object({
  businessName: required('Business name is required'),
  contactName: required('Contact person is required', 120),
  email: z
    .string('Please enter a valid email address')
    .trim()
    .toLowerCase()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  phone: z
    .string(SA_PHONE_MESSAGE)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(SA_PHONE, SA_PHONE_MESSAGE)),
  location: required('City/area is required', 120),
  province: z.enum(PROVINCE_IDS, 'Please select a province'),
  physicalAddress: required('Physical address is required', 300),
  services: z
    .array(
      z.enum(SERVICE_IDS, 'Please select at least one service'),
      'Please select at least one service',
    )
    .min(1, 'Please select at least one service')
    .transform((services) => [...new Set(services)]),
  yearsExperience: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number('Years of experience is required')
      .int('Years of experience must be a whole number')
      .min(0, 'Years of experience must be 0 or greater')
      .max(100, 'Years of experience must be at most 100'),
  ),
  businessLicense: optionalText(100),
  insurance: optionalText(200),
  previousWork: optionalText(2000),
  website: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .url({ protocol: /^https?$/, error: 'Please enter a valid website address (https://...)' })
      .max(300)
      .optional(),
  ),
  /** The upload URL of the profile picture, if one was uploaded. */
  profileImage: optionalText(UPLOAD_REFERENCE_MAX_LENGTH),
});

export const ApplicationFormSchema = ApplicationSchema.extend({
  acceptTerms: z.literal(true, 'You must accept the terms and conditions'),
  acceptPrivacy: z.literal(true, 'You must accept the privacy policy'),
});

export type Application = z.output<typeof ApplicationSchema>;
export type ApplicationFormInput = z.input<typeof ApplicationFormSchema>;
