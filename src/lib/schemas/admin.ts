/** Admin sign-in and password reset (spec section 5), and the application review. */
import { z } from 'zod';
import { APPLICATION_STATUSES } from '../catalog/enquiry-options.ts';
import { UPLOAD_REFERENCE_MAX_LENGTH } from '../uploads.ts';

export const PASSWORD_MIN_LENGTH = 6;
const email = z
  .string('Invalid email address')
  .trim()
  .toLowerCase()
  .pipe(z.email('Invalid email address'));
const newPassword = z
  .string('Password must be at least 6 characters long')
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long')
  .max(200, 'Password must be at most 200 characters long');

export const AdminLoginSchema = z.object({
  email,
  password: z.string('Password is required').min(1, 'Password is required').max(200),
});

export const ForgotPasswordSchema = z.object({ email });

/** What the API takes: the token from the e-mailed link and the new password. */
export const ResetPasswordSchema = z.object({
  resetToken: z
    .string('The reset link is not valid')
    .min(20, 'The reset link is not valid')
    .max(200),
  newPassword,
});

/** What the reset form checks: both fields, and that they match. */
export const ResetPasswordFormSchema = z
  .object({
    newPassword,
    confirmPassword: z.string().min(PASSWORD_MIN_LENGTH, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

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
