/** The admin's calls: sign-in (shared with providers, account.ts) and the application review. */
import * as z from 'zod/mini';
import { APPLICATION_STATUSES } from '../catalog/enquiry-options.ts';
import { UPLOAD_REFERENCE_MAX_LENGTH } from '../uploads.ts';
import { preprocess } from './fields.ts';

export {
  ForgotPasswordSchema,
  LoginSchema as AdminLoginSchema,
  PASSWORD_MIN_LENGTH,
  ResetPasswordFormSchema,
  ResetPasswordSchema,
} from './account.ts';

export const ReviewApplicationSchema = z.object({
  status: z.enum(APPLICATION_STATUSES, 'Choose a status: pending, approved or rejected'),
  adminNotes: preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.optional(
      z.string().check(z.trim(), z.maxLength(2000, 'Notes must be at most 2000 characters')),
    ),
  ),
});

export const ProcessImageSchema = z.object({
  uploadURL: z
    .string('uploadURL is required')
    .check(z.minLength(1, 'uploadURL is required'), z.maxLength(UPLOAD_REFERENCE_MAX_LENGTH)),
});

/** Spec section 4: 'Reset to Pending' without a typed note. */
export const DEFAULT_RESET_NOTE = 'Reset to pending for review';
