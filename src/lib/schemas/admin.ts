/** The admin's calls: sign-in (shared with providers, account.ts) and the application review. */
import { z } from 'zod';
import { APPLICATION_STATUSES } from '../catalog/enquiry-options.ts';
import { UPLOAD_REFERENCE_MAX_LENGTH } from '../uploads.ts';

export {
  ForgotPasswordSchema,
  LoginSchema as AdminLoginSchema,
  PASSWORD_MIN_LENGTH,
  ResetPasswordFormSchema,
  ResetPasswordSchema,
} from './account.ts';

export const ReviewApplicationSchema = z.object({
  status: z.enum(APPLICATION_STATUSES, 'Choose a status: pending, approved or rejected'),
  adminNotes: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
  ),
});

export const ProcessImageSchema = z.object({
  uploadURL: z
    .string('uploadURL is required')
    .min(1, 'uploadURL is required')
    .max(UPLOAD_REFERENCE_MAX_LENGTH),
});

/** Spec section 4: 'Reset to Pending' without a typed note. */
export const DEFAULT_RESET_NOTE = 'Reset to pending for review';
