/** The provider dashboard's calls (spec sections 5 and 7): profile, photo and responses. */
import { z } from 'zod';
import { UPLOAD_REFERENCE_MAX_LENGTH } from '../uploads.ts';
import { emailField, provinceField, requiredText, saPhoneField, servicesField } from './fields.ts';

/** The statuses a provider may set when responding (spec section 9). */
export const RESPONSE_STATUSES = ['in_progress', 'completed', 'cancelled'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

export const RESPONSE_STATUS_LABELS: Record<ResponseStatus, string> = {
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const EnquiryResponseSchema = z.object({
  providerResponse: z
    .string('Response is required')
    .trim()
    .min(1, 'Response is required')
    .max(5000, 'At most 5000 characters'),
  providerNotes: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(2000, 'At most 2000 characters').optional(),
  ),
  status: z.enum(RESPONSE_STATUSES, 'Choose a status: in progress, completed or cancelled'),
});

/**
 * PUT /api/provider/profile. The spec's form checks nothing; the server does. Business
 * Name and Contact Name both edit `name`.
 */
export const ProviderProfileSchema = z.object({
  name: requiredText('Business name is required'),
  email: emailField(),
  phone: saPhoneField,
  location: requiredText('City/area is required', 120),
  province: provinceField,
  services: servicesField,
  description: requiredText('Business description is required', 2000),
});

export const ProfileImageSchema = z.object({
  profileImageURL: z
    .string('The uploaded image is required')
    .min(1, 'The uploaded image is required')
    .max(UPLOAD_REFERENCE_MAX_LENGTH),
});

/** The requests the dashboard has shown (POST /api/provider/enquiries/seen). */
export const SeenRequestsSchema = z.object({
  ids: z
    .array(z.number('Request ids are numbers').int().positive(), 'Request ids are a list')
    .max(200, 'At most 200 requests at once'),
});

/** A photo of past work to add (POST /api/provider/work-photos; issue 16). */
export const WorkPhotoSchema = z.object({
  imageURL: z
    .string('The uploaded image is required')
    .min(1, 'The uploaded image is required')
    .max(UPLOAD_REFERENCE_MAX_LENGTH),
});

export const WORK_PHOTO_MESSAGES = {
  limit: (limit: number) => `You can show at most ${limit} work photos. Remove one first.`,
  notFound: 'Photo not found',
} as const;
