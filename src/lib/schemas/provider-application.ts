/**
 * A provider application (spec sections 5 and 7: POST /api/provider-applications). The
 * join form validates with ApplicationFormSchema (with the terms and privacy boxes); the
 * API with ApplicationSchema (the client removes those flags before sending).
 */
import { z } from 'zod';
import {
  emailField,
  optionalText,
  provinceField,
  requiredText,
  saPhoneField,
  servicesField,
} from './fields.ts';
import { UPLOAD_REFERENCE_MAX_LENGTH } from '../uploads.ts';

export const ApplicationSchema = z.object({
  businessName: requiredText('Business name is required'),
  contactName: requiredText('Contact person is required', 120),
  email: emailField(),
  phone: saPhoneField,
  location: requiredText('City/area is required', 120),
  province: provinceField,
  physicalAddress: requiredText('Physical address is required', 300),
  services: servicesField,
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
